import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Auth, ConsoleContext, findMenu, PLATFORM_OWN, usePagePermission, usePermission } from './context';
import type { MenuNode, UserInfo } from './types';

const page: MenuNode = {
  menuId: 5002,
  id: '/pet-management/pet-info',
  name: 'Pets',
  icon: '',
  menuType: 'page',
  hidden: false,
  buttonVoList: [{ action: 'pet:info:view' }, { action: 'pet:info:add' }],
};

function Probe() {
  const may = usePermission();
  return <span>{['pet:info:add', 'pet:info:delete'].map((a) => `${a}=${may(a)}`).join(' ')}</span>;
}

describe('permissions in the UI', () => {
  it('grants exactly the actions of the page in view', () => {
    render(
      <ConsoleContext.Provider value={{ user: null, tenant: '0', page }}>
        <Probe />
        <Auth action="pet:info:add">
          <button>add</button>
        </Auth>
        <Auth action="pet:info:delete">
          <button>delete</button>
        </Auth>
      </ConsoleContext.Provider>,
    );
    expect(screen.getByText('pet:info:add=true pet:info:delete=false')).toBeTruthy();
    expect(screen.queryByText('add')).toBeTruthy();
    expect(screen.queryByText('delete')).toBeNull();
  });

  it("grants a page of the platform's own records the enterprise page's actions its own buttons mirror", () => {
    function Roles() {
      const may = usePermission();
      return <span>{['role:view', 'role:edit', 'platform-role:view'].map((a) => `${a}=${may(a)}`).join(' ')}</span>;
    }
    const own: MenuNode = { menuId: 209, id: '/system-config/system-role', name: 'System roles', icon: '', menuType: 'page', hidden: false, buttonVoList: [{ action: 'platform-role:view' }] };
    const { unmount } = render(
      <ConsoleContext.Provider value={{ user: null, tenant: PLATFORM_OWN, page: own }}>
        <Roles />
      </ConsoleContext.Provider>,
    );
    expect(screen.getByText('role:view=true role:edit=false platform-role:view=false')).toBeTruthy();
    unmount();
    // The same buttons on a page acting for an enterprise grant only what they name.
    render(
      <ConsoleContext.Provider value={{ user: null, tenant: '0', page: own }}>
        <Roles />
      </ConsoleContext.Provider>,
    );
    expect(screen.getByText('role:view=false role:edit=false platform-role:view=true')).toBeTruthy();
  });

  it('tells what another page of the user grants, and nothing for a page not theirs', () => {
    function Other() {
      const there = usePagePermission('/pet-management/pet-info');
      const nowhere = usePagePermission('/pet-management/elsewhere');
      return <span>{`${there('pet:info:view')} ${there('pet:info:delete')} ${nowhere('pet:info:view')}`}</span>;
    }
    const group: MenuNode = { ...page, menuId: 5000, id: '/pet-management', menuType: 'group', buttonVoList: [], userMenuVoList: [page] };
    const user = { userMenuVoList: [group] } as unknown as UserInfo;
    render(
      <ConsoleContext.Provider value={{ user, tenant: '0' }}>
        <Other />
      </ConsoleContext.Provider>,
    );
    expect(screen.getByText('true false false')).toBeTruthy();
  });

  it('grants nothing outside a page', () => {
    render(
      <ConsoleContext.Provider value={{ user: null, tenant: '0' }}>
        <Auth action="pet:info:add">
          <button>add</button>
        </Auth>
      </ConsoleContext.Provider>,
    );
    expect(screen.queryByText('add')).toBeNull();
  });

  it('finds a page in the menu tree by route path', () => {
    const tree: MenuNode[] = [{ menuId: 5000, id: '/pet-management', name: 'Pet', icon: '', menuType: 'group', hidden: false, userMenuVoList: [page] }];
    expect(findMenu(tree, '/pet-management/pet-info')?.menuId).toBe(5002);
    expect(findMenu(tree, '/nowhere')).toBeUndefined();
  });
});
