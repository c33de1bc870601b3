/** The spec's user info (console-shell-and-services.md §3). */
export interface ButtonVo {
  action: string;
}

export interface MenuNode {
  menuId: number;
  /** The route path. */
  id: string;
  name: string;
  icon: string;
  menuType: 'group' | 'page' | 'link';
  hidden: boolean;
  userMenuVoList?: MenuNode[];
  buttonVoList?: ButtonVo[];
}

export interface UserInfo {
  id: number;
  tenantId: number;
  userName: string;
  name: string;
  headImageUrl: string;
  userMenuVoList: MenuNode[];
}

/** A page of a list: the shape of every paged answer. */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** The seven console languages. */
export const LANGUAGES = ['zhCn', 'en', 'de', 'es', 'fr', 'pt', 'ru'] as const;
export type Lang = (typeof LANGUAGES)[number];
