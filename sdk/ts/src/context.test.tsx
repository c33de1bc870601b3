import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Auth, ConsoleContext, findMenu, usePermission } from './context';
import type { MenuNode } from './types';

const page: MenuNode = { menuId: 5002, id: '/pet-management/pet-info', name: 'Pets', icon: '', menuType: 'page', hidden: false, buttonVoList: [{ action: 'pet:info:view' }, { action: 'pet:info:add' }] };

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
