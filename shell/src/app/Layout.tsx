import {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AreaChartOutlined,
  AuditOutlined,
  BookOutlined,
  CloudServerOutlined,
  FileSearchOutlined,
  GithubOutlined,
  GlobalOutlined,
  MoreOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { api, configureRequest, ConsoleContext, findMenu, PLATFORM_OWN, session, type MenuNode, type UserInfo } from '@console/sdk';
import { App, Avatar, Button, Dropdown, Layout, Menu, Spin, Tag, type MenuProps } from 'antd';
import { Suspense, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';

import { addPluginTranslations } from '../i18n';
import { toLogin } from './App';
import { PageBoundary } from './ErrorPanel';
import { PageTabs, tabId } from './PageTabs';
import { LanguageSwitch } from './LanguageSwitch';
import { TaskCenter } from './TaskCenter';
import { CORE_PAGES, PLATFORM_OWN_PAGES, REDIRECTS } from './pages';
import { fetchRemotes, register, remotePage, type RemoteInfo } from './remotes';
import { TenantSelect, type TenantOption } from './TenantSelect';
import { usePageTitle } from './title';
import { TENANTS_CHANGED, USER_CHANGED } from './events';

// The icons menus may name (explicit: the whole icon set would weigh 225 KB gzip).
const ICONS: Record<string, ComponentType> = {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AreaChartOutlined,
  AuditOutlined,
  BookOutlined,
  CloudServerOutlined,
  FileSearchOutlined,
  GithubOutlined,
  GlobalOutlined,
  SettingOutlined,
  TeamOutlined,
};

function icon(name: string): ReactNode {
  const Icon = ICONS[name];
  return Icon ? <Icon /> : undefined;
}

/** Every page (not group) of the tree, in order. */
function pagesOf(menus: MenuNode[] = []): MenuNode[] {
  return menus.flatMap((m) => (m.menuType === 'group' ? pagesOf(m.userMenuVoList) : [m]));
}

interface OpenTab {
  path: string;
  menuId: number;
}

export function ConsoleLayout() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const [user, setUser] = useState<UserInfo | null>(session.user());
  const [tenant, setTenant] = useState(session.tenant() ?? String(session.user()?.tenantId ?? 0));
  const [tenants, setTenants] = useState<TenantOption[]>([]);
  const [remotes, setRemotes] = useState<RemoteInfo[] | null>(null);
  const [tabs, setTabs] = useState<OpenTab[]>([]);
  // Addresses of the menu's external links (/process-manage, /data-analysis) for the environment
  // the console is reached at; a link without one is left out.
  const [links, setLinks] = useState<Record<string, string>>({});
  const label = (menu: MenuNode) => t(`menu.${menu.menuId}`, { defaultValue: menu.name });

  // A new avatar from the personal centre shows in the header at once.
  useEffect(() => {
    const changed = () => setUser(session.user());
    window.addEventListener(USER_CHANGED, changed);
    return () => window.removeEventListener(USER_CHANGED, changed);
  }, []);

  // The menu tree and the enabled remotes depend on the tenant acted for.
  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const info = await api.post<UserInfo>('/authority-service/authority/getUserMenu');
        const list = await fetchRemotes().catch(() => [] as RemoteInfo[]);
        if (!live) return;
        list.forEach((remote) => addPluginTranslations(remote.translations));
        register(list);
        session.setUser(info);
        setUser(info);
        setRemotes(list);
      } catch {
        if (live) setRemotes([]);
      }
    })();
    return () => {
      live = false;
    };
  }, [tenant]);

  useEffect(() => {
    if (user?.tenantId === 0 || user?.tenantId) {
      const load = () =>
        api
          .get<{ list: TenantOption[] }>('/authority-service/tenantInfo/list', { page: 1, pageSize: 100 })
          .then((answer) => setTenants(answer.list))
          .catch(() => undefined);
      void load();
      window.addEventListener(TENANTS_CHANGED, load);
      return () => window.removeEventListener(TENANTS_CHANGED, load);
    }
  }, [user?.tenantId]);

  const page = findMenu(user?.userMenuVoList, location.pathname);
  // A page of the platform's own records acts for the platform alone, whatever the header shows.
  const platformOwn = page !== undefined && PLATFORM_OWN_PAGES.has(page.id);
  useEffect(() => configureRequest({ menuId: () => page?.menuId, pageTenant: () => (platformOwn ? PLATFORM_OWN : undefined) }), [page?.menuId, platformOwn]);
  usePageTitle(page ? label(page) : '');
  const hasLinks = pagesOf(user?.userMenuVoList).some((m) => m.menuType === 'link');
  useEffect(() => {
    if (!hasLinks) return;
    api
      .get<{ links: Record<string, string> }>('/authority-service/authority/links')
      .then((answer) => setLinks(answer.links))
      .catch(() => undefined);
  }, [hasLinks]);

  useEffect(() => {
    if (page && page.menuType === 'page') {
      setTabs((open) => (open.some((tab) => tab.path === page.id) ? open : [...open, { path: page.id, menuId: page.menuId }]));
    }
  }, [page]);

  const menuItems = useMemo(() => {
    const toItem = (menu: MenuNode): NonNullable<MenuProps['items']>[number] | null => {
      if (menu.hidden) return null;
      if (menu.menuType === 'group') {
        const children = (menu.userMenuVoList ?? []).map(toItem).filter((item) => item !== null);
        // A group whose pages are all hidden (the personal centre) has nothing to show.
        return children.length ? { key: menu.id, icon: icon(menu.icon), label: label(menu), children } : null;
      }
      if (menu.menuType === 'link') {
        const url = links[menu.id];
        if (!url) return null;
        const text = label(menu);
        return {
          key: menu.id,
          icon: icon(menu.icon),
          label: (
            <a href={url} target="_blank" rel="noopener noreferrer" data-testid={`menu-${menu.id}`}>
              {text}
            </a>
          ),
        };
      }
      return { key: menu.id, icon: icon(menu.icon), label: <span data-testid={`menu-${menu.id}`}>{label(menu)}</span> };
    };
    return (user?.userMenuVoList ?? []).map(toItem).filter((item) => item !== null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user, t, links]);

  const routes = useMemo(() => {
    const byPath = new Map<string, ComponentType>();
    for (const menu of pagesOf(user?.userMenuVoList)) {
      const core = CORE_PAGES[menu.id];
      const remote = remotes?.find((r) => r.routes.includes(menu.id));
      if (core) byPath.set(menu.id, core);
      else if (remote) byPath.set(menu.id, remotePage(remote, menu.id));
    }
    return [...byPath.entries()];
  }, [user, remotes]);

  // Another enterprise keeps the open tabs: each page reloads for it (the outlet is keyed by the
  // enterprise), and only the pages its menu lacks close once that menu has come.
  const switchTenant = (next: string) => {
    session.setTenant(next);
    // Pages wait for the new enterprise's menu: one whose plugin is off there never asks.
    setRemotes(null);
    setTenant(next);
  };
  useEffect(() => {
    if (!user) return;
    const pages = new Set(pagesOf(user.userMenuVoList).map((menu) => menu.id));
    const kept = tabs.filter((tab) => pages.has(tab.path));
    if (kept.length === tabs.length) return;
    setTabs(kept);
    if (tabs.some((tab) => tab.path === location.pathname) && !pages.has(location.pathname)) {
      navigate(kept.length ? kept[kept.length - 1].path : '/operation-guide');
    }
    // Only a new menu (another enterprise, a change of rights) can take pages away.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user]);
  const confirmAll = () =>
    new Promise<boolean>((resolve) => modal.confirm({ title: t('layout.switchAllTitle'), content: t('layout.switchAllContent'), onOk: () => resolve(true), onCancel: () => resolve(false) }));
  const logout = async () => {
    await api.post('/authority-service/authority/loginOut').catch(() => undefined);
    session.clear();
    toLogin();
  };
  const closeTab = (path: string) => {
    const rest = tabs.filter((tab) => tab.path !== path);
    setTabs(rest);
    if (path === location.pathname) navigate(rest.length ? rest[rest.length - 1].path : '/operation-guide');
  };
  const titleOf = (path: string) => {
    const menu = findMenu(user?.userMenuVoList, path);
    return menu ? label(menu) : path;
  };
  const tabLabel = (tab: OpenTab) => {
    const menu = findMenu(user?.userMenuVoList, tab.path);
    return menu ? label(menu) : tab.path;
  };

  const ready = remotes !== null;
  return (
    <ConsoleContext.Provider value={{ user, tenant: platformOwn ? PLATFORM_OWN : tenant, page }}>
      <Layout className="console-layout">
        <Layout.Sider width={228} theme="dark" className="console-sider">
          <div className="console-brand">{t('app.product')}</div>
          <Menu
            theme="dark"
            mode="inline"
            selectedKeys={[location.pathname]}
            defaultOpenKeys={(user?.userMenuVoList ?? []).map((m) => m.id)}
            items={menuItems}
            // An external link opens through its own anchor, in a new tab.
            onClick={({ key }) => {
              if (!links[key]) navigate(key);
            }}
            data-testid="sidebar"
          />
        </Layout.Sider>
        <Layout>
          <Layout.Header className="console-header">
            {platformOwn ? (
              <Tag color="geekblue" data-testid="platform-own">
                {t('layout.platformOwn')}
              </Tag>
            ) : (
              <TenantSelect userTenantId={user?.tenantId ?? -1} value={tenant} tenants={tenants} onChange={switchTenant} confirmAll={confirmAll} />
            )}
            <div className="console-header-right">
              <TaskCenter />
              <LanguageSwitch />
              <Dropdown
                menu={{
                  items: [
                    { key: 'me', label: t('layout.personalCenter'), onClick: () => navigate('/system/userCenter') },
                    { key: 'logout', label: <span data-testid="logout">{t('layout.logout')}</span>, onClick: () => void logout() },
                  ],
                }}
              >
                <span className="console-user" data-testid="user-menu">
                  <Avatar size="small" src={user?.headImageUrl || undefined}>
                    {user?.name?.slice(0, 1)}
                  </Avatar>
                  {user?.name}
                </span>
              </Dropdown>
            </div>
          </Layout.Header>
          <div className="console-tabs">
            <PageTabs
              tabs={tabs.map((tab) => ({ path: tab.path, label: tabLabel(tab) }))}
              active={location.pathname}
              label={t('layout.openPages')}
              onOpen={(path) => navigate(path)}
              onClose={closeTab}
            />
            <Dropdown
              menu={{
                items: [
                  { key: 'others', label: t('layout.closeOthers'), onClick: () => setTabs(tabs.filter((tab) => tab.path === location.pathname)) },
                  {
                    key: 'all',
                    label: t('layout.closeAll'),
                    onClick: () => {
                      setTabs([]);
                      navigate('/operation-guide');
                    },
                  },
                ],
              }}
            >
              <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('layout.tabActions')} className="console-tabs-more" data-testid="tabs-more" />
            </Dropdown>
          </div>
          <Layout.Content
            className="console-content"
            key={tenant}
            id="console-page"
            role="tabpanel"
            aria-labelledby={tabs.some((tab) => tab.path === location.pathname) ? tabId(location.pathname) : undefined}
          >
            {!ready ? (
              <Spin className="console-loading" />
            ) : (
              <Routes>
                <Route index element={<Navigate to="/operation-guide" replace />} />
                {routes.map(([path, Page]) => (
                  <Route
                    key={path}
                    path={path}
                    element={
                      // Keyed: a failed page must not leave the next page showing its error.
                      <PageBoundary key={path} name={titleOf(path)}>
                        <Suspense fallback={<Spin className="console-loading" />}>
                          <Page />
                        </Suspense>
                      </PageBoundary>
                    }
                  />
                ))}
                {Object.entries(REDIRECTS).map(([from, to]) => (
                  <Route key={from} path={from} element={<Navigate to={to} replace />} />
                ))}
                <Route path="*" element={<Navigate to="/" replace />} />
              </Routes>
            )}
          </Layout.Content>
        </Layout>
      </Layout>
    </ConsoleContext.Provider>
  );
}
