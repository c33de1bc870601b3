import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { PageTabs } from './PageTabs';

const tabs = [
  { path: '/a', label: 'Alpha' },
  { path: '/b', label: 'Beta' },
  { path: '/c', label: 'Gamma' },
];

function renderTabs(active = '/b') {
  const onOpen = vi.fn();
  const onClose = vi.fn();
  render(<PageTabs tabs={tabs} active={active} label="Open pages" onOpen={onOpen} onClose={onClose} />);
  return { onOpen, onClose };
}

describe('the open pages’ tabs (WAI-ARIA tabs pattern)', () => {
  it('is a tablist of tabs only, named by their text, with the active one alone in the Tab order', () => {
    renderTabs();
    const list = screen.getByRole('tablist', { name: 'Open pages' });
    expect(Array.from(list.children).map((child) => child.getAttribute('role'))).toEqual(['tab', 'tab', 'tab']);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
    expect(screen.getByRole('tab', { name: 'Beta' }).getAttribute('aria-selected')).toBe('true');
  });

  it('moves with the arrows, wrapping, and Home and End; Enter opens, Delete closes', () => {
    const { onOpen, onClose } = renderTabs();
    const beta = screen.getByRole('tab', { name: 'Beta' });
    beta.focus();
    fireEvent.keyDown(beta, { key: 'ArrowRight' });
    expect(document.activeElement?.textContent).toBe('Gamma');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(document.activeElement?.textContent).toBe('Alpha');
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(document.activeElement?.textContent).toBe('Gamma');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledWith('/c');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Delete' });
    expect(onClose).toHaveBeenCalledWith('/c');
  });

  it('closes a tab with its icon without opening it', () => {
    const { onOpen, onClose } = renderTabs();
    fireEvent.click(screen.getByTestId('close-tab-/a'));
    expect(onClose).toHaveBeenCalledWith('/a');
    expect(onOpen).not.toHaveBeenCalled();
  });
});
