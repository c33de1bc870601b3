import { serve, renderPage } from '@console/sdk/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { TENANTS_CHANGED } from '../app/events';
import en from '../locales/en';
import Tenants from './Tenants';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } });
});
afterEach(() => vi.unstubAllGlobals());

describe('the enterprises page', () => {
  it("tells the header's enterprise switcher when an enterprise is added", async () => {
    const sent = serve((call) => (call.path === '/authority-service/tenantInfo/add' ? { data: { id: 9 } } : { data: { list: [], total: 0, page: 1, pageSize: 20 } }));
    const heard = vi.fn();
    window.addEventListener(TENANTS_CHANGED, heard);
    renderPage(Tenants, '/system/tenant', ['tenant:view', 'tenant:add']);
    fireEvent.click(await screen.findByText(en.tenants.add));
    const dialog = await screen.findByRole('dialog');
    const fields = dialog.querySelectorAll('input');
    for (const [i, value] of ['Acme', 'Acme Ltd', 'ACME', '91350100M000100Y43'].entries()) fireEvent.change(fields[i], { target: { value } });
    fireEvent.click(dialog.querySelector('.ant-btn-primary') as HTMLElement);
    await waitFor(() => expect(sent.some((call) => call.path === '/authority-service/tenantInfo/add')).toBe(true));
    await waitFor(() => expect(heard).toHaveBeenCalled());
    window.removeEventListener(TENANTS_CHANGED, heard);
  });
});
