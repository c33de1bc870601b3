import { lazy, type ComponentType } from 'react';

import { chunkLoaded, reloadAfterChunkError } from './entry';

/** A core page loaded on demand; a failed load reloads the page (at most 3 times). */
function page(load: () => Promise<{ default: ComponentType }>): ComponentType {
  return lazy(async () => {
    try {
      const module = await load();
      chunkLoaded();
      return module;
    } catch (error) {
      if (reloadAfterChunkError()) return new Promise<never>(() => undefined);
      throw error;
    }
  });
}

/** The core's pages by route path (the paths of the core menu catalogue). */
export const CORE_PAGES: Record<string, ComponentType> = {
  '/operation-guide': page(() => import('../pages/Guide')),
  '/productGroup/tenantInfo': page(() => import('../pages/Tenants')),
  '/system/department': page(() => import('../pages/Departments')),
  '/system/role': page(() => import('../pages/Roles')),
  '/system/user': page(() => import('../pages/Accounts')),
  '/system/userCenter': page(() => import('../pages/Personal')),
  '/system-config/menu': page(() => import('../pages/Menus')),
  '/system-config/system-button': page(() => import('../pages/Buttons')),
  '/system-config/service-area': page(() => import('../pages/ServiceAreas')),
  '/system-config/service-area-config': page(() => import('../pages/ServiceAreaConfig')),
  '/system-config/globalization-lang': page(() => import('../pages/Languages')),
  '/system-config/plugins': page(() => import('../pages/Plugins')),
  '/system-config/encrypt-decode': page(() => import('../pages/EncryptTool')),
  '/system-config/tools': page(() => import('../pages/Tools')),
  '/system-config/organization-structure': page(() => import('../pages/Departments')),
  '/system-config/system-role': page(() => import('../pages/Roles')),
  '/system-config/system-account': page(() => import('../pages/Accounts')),
  '/third-party-access/client-list': page(() => import('../pages/ThirdPartyAccess').then((m) => ({ default: m.Clients }))),
  '/third-party-access/configuration-list': page(() => import('../pages/ThirdPartyAccess').then((m) => ({ default: m.Scopes }))),
  '/third-party-access/userinfo-list': page(() => import('../pages/ThirdPartyAccess').then((m) => ({ default: m.Tokens }))),
  '/regional-manage/list': page(() => import('../pages/Regions')),
  '/operate-record/record': page(() => import('../pages/Records')),
  '/operate-record/login-log': page(() => import('../pages/LoginLogs')),
  '/process-center/task-waiting': page(() => import('../pages/ProcessCenter').then((m) => ({ default: m.Waiting }))),
  '/process-center/task-finish': page(() => import('../pages/ProcessCenter').then((m) => ({ default: m.Finished }))),
};

/** The pages of the platform's own organisation, roles and accounts: the enterprise pages'
 * components, acting for the platform alone (`PLATFORM_OWN`) whatever the header shows. */
export const PLATFORM_OWN_PAGES: ReadonlySet<string> = new Set(['/system-config/organization-structure', '/system-config/system-role', '/system-config/system-account']);

/**
 * Paths that lead to today's pages: a menu group's path opens its default page (/product-manage
 * opens classify, /device-manage userDevice, /customerService my work orders), and the message
 * pages' older paths (/sms/sms, /jpush/jpush) open today's message pages.
 * A target the user may not open goes on to /, as any unknown path does.
 */
export const REDIRECTS: Record<string, string> = {
  '/product-manage': '/product-manage/classify',
  '/device-manage': '/device-manage/userDevice',
  '/customerService': '/customerService/myOrderRecord',
  '/sms/sms': '/message/sms',
  '/jpush/jpush': '/message/jpush',
};
