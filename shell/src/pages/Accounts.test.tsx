import { serve, renderPage } from '@console/sdk/testing';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import en from '../locales/en';
import Accounts from './Accounts';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
afterEach(() => vi.unstubAllGlobals());

describe('the accounts page', () => {
  it('says "Failed to get the role list" when the roles cannot be read', async () => {
    serve((call) =>
      call.path === '/authority-service/account/role-options'
        ? { code: 400, msg: 'refused' }
        : call.path === '/authority-service/account/department-options'
          ? { data: [] }
          : { data: { list: [], total: 0, page: 1, pageSize: 20 } },
    );
    renderPage(Accounts, '/system/user', ['account:view', 'account:add']);
    expect(await screen.findByText('Failed to get the role list')).toBeTruthy();
  });

  it('says nothing of the roles when they load', async () => {
    const sent = serve((call) =>
      call.path === '/authority-service/account/role-options'
        ? { data: [{ id: 1, name: 'ops' }] }
        : call.path === '/authority-service/account/department-options'
          ? { data: [] }
          : { data: { list: [], total: 0, page: 1, pageSize: 20 } },
    );
    renderPage(Accounts, '/system/user', ['account:view']);
    // Through the account page's own route: a user who may only see accounts may not list roles.
    await vi.waitFor(() => expect(sent.some((call) => call.path === '/authority-service/account/role-options')).toBe(true));
    expect(sent.some((call) => call.path === '/authority-service/role/list')).toBe(false);
    expect(screen.queryByText('Failed to get the role list')).toBeNull();
  });

  it("shows each account's department, from the account page's own route", async () => {
    const tree = [{ id: 1, name: 'R&D', parentId: 0, children: [{ id: 2, name: 'Firmware', parentId: 1, children: [] }] }];
    const row = { id: 7, username: 'fw.lead', name: 'Lead', departmentId: 2, accountType: 'development', phone: '', email: '', disabled: false, avatar: '' };
    const sent = serve((call) =>
      call.path === '/authority-service/account/department-options'
        ? { data: tree }
        : call.path === '/authority-service/account/role-options'
          ? { data: [] }
          : { data: { list: [row], total: 1, page: 1, pageSize: 20 } },
    );
    renderPage(Accounts, '/system/user', ['account:view']);
    expect(await screen.findByText('Firmware')).toBeTruthy();
    expect(sent.some((call) => call.path === '/authority-service/department/tree')).toBe(false);
  });
});
