import { CloseOutlined } from '@ant-design/icons';
import { useRef, type KeyboardEvent } from 'react';

export interface PageTab {
  path: string;
  label: string;
}

/** The id of a page's tab, which the content area names as its label. */
export const tabId = (path: string) => `page-tab-${path}`;

/**
 * The tabs of the open pages, after the WAI-ARIA tabs pattern: a tablist of tabs only (antd's
 * Tabs put their close buttons and their overflow menu inside the tablist, which WCAG 4.1.2 and
 * axe refuse), one tab in the Tab order, arrows and Home/End move between tabs, Enter or Space
 * opens one, Delete closes it. The close icon is for the mouse and hidden from assistive
 * technology. Many tabs scroll sideways.
 */
export function PageTabs({ tabs, active, label, onOpen, onClose }: { tabs: PageTab[]; active: string; label: string; onOpen: (path: string) => void; onClose: (path: string) => void }) {
  const list = useRef<HTMLDivElement>(null);
  const focus = (index: number) => list.current?.querySelectorAll<HTMLElement>('[role=tab]')[index]?.focus();
  const onKeyDown = (event: KeyboardEvent, index: number, path: string) => {
    const last = tabs.length - 1;
    const moves: Record<string, number> = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last };
    if (event.key in moves) {
      event.preventDefault();
      focus(moves[event.key]);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(path);
    } else if (event.key === 'Delete') {
      event.preventDefault();
      onClose(path);
      focus(Math.min(index, last - 1));
    }
  };
  const anyActive = tabs.some((tab) => tab.path === active);
  return (
    <div role="tablist" aria-label={label} className="console-tab-list" ref={list}>
      {tabs.map((tab, index) => {
        const selected = tab.path === active;
        return (
          <div
            key={tab.path}
            role="tab"
            id={tabId(tab.path)}
            aria-selected={selected}
            aria-controls="console-page"
            tabIndex={selected || (!anyActive && index === 0) ? 0 : -1}
            className={selected ? 'console-tab console-tab-active' : 'console-tab'}
            onClick={() => onOpen(tab.path)}
            onKeyDown={(event) => onKeyDown(event, index, tab.path)}
          >
            {tab.label}
            <CloseOutlined
              aria-hidden
              className="console-tab-close"
              data-testid={`close-tab-${tab.path}`}
              onClick={(event) => {
                event.stopPropagation();
                onClose(tab.path);
              }}
            />
          </div>
        );
      })}
    </div>
  );
}
