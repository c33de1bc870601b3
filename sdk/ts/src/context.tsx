import { createContext, useContext, type ReactNode } from 'react';

import type { MenuNode, UserInfo } from './types';

/** What the shell knows and every page may use; the shell provides it, remotes read it. */
export interface ConsoleState {
  user: UserInfo | null;
  /** The tenant acted for: '0' for all tenants, `PLATFORM_OWN` for the platform's own records. */
  tenant: string;
  /** The menu of the page in view, with its permitted buttons. */
  page?: MenuNode;
}

/** The tenancy of the platform's own records (tenant 0 alone, where '0' means every
 * enterprise): the system-configuration pages of its organisation, roles and accounts act in it,
 * under buttons of their own whose actions are the enterprise page's with this prefix. */
export const PLATFORM_OWN = 'platform';
const PLATFORM_OWN_ACTION = /^platform-/;

export const ConsoleContext = createContext<ConsoleState>({ user: null, tenant: '0' });

export const useConsole = () => useContext(ConsoleContext);
export const useCurrentUser = () => useContext(ConsoleContext).user;
export const useTenant = () => useContext(ConsoleContext).tenant;

/** Whether the page in view grants `action` (the server still enforces it). */
export function usePermission(): (action: string) => boolean {
  const { page, tenant } = useContext(ConsoleContext);
  // A page of the platform's own records is the enterprise page's component: it asks for the
  // enterprise page's actions, which its own buttons grant under their prefix.
  const own = tenant === PLATFORM_OWN;
  const actions = new Set((page?.buttonVoList ?? []).map((b) => (own ? b.action.replace(PLATFORM_OWN_ACTION, '') : b.action)));
  return (action: string) => actions.has(action);
}

/** Whether the user's page at `path` grants `action`: for a link from the page in view to
 * another page (an SN group's SNs on the SN query page), shown only where it would open. */
export function usePagePermission(path: string): (action: string) => boolean {
  const { user } = useContext(ConsoleContext);
  const actions = new Set((findMenu(user?.userMenuVoList, path)?.buttonVoList ?? []).map((b) => b.action));
  return (action: string) => actions.has(action);
}

/** Renders its children only when the page grants `action`. */
export function Auth({ action, children }: { action: string; children: ReactNode }) {
  return usePermission()(action) ? <>{children}</> : null;
}

/** The menu node whose route path is `path`, searched through the tree. */
export function findMenu(menus: MenuNode[] | undefined, path: string): MenuNode | undefined {
  for (const menu of menus ?? []) {
    if (menu.id === path) return menu;
    const found = findMenu(menu.userMenuVoList, path);
    if (found) return found;
  }
  return undefined;
}
