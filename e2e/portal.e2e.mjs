// End-to-end: the content remote's portal page in the production build against the host with
// the built content.wasm: a banner refused without its link, then published, a draft kept back,
// and what the portal (the public website, with its key) reads in English.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { ADMIN_PASSWORD, productPlugin, shotOnFailure, shots, startConsole } from './harness.mjs';

let console_;

before(async () => {
  console_ = await startConsole([productPlugin('content', 'uses = ["product-service", "message-service"]\nfiles = true')]);
});

after(async () => {
  await console_?.close();
});

test('an operator publishes a banner for the portal and keeps a page as a draft', async () => {
  const { api, base, newPage, login } = console_;
  const admin = (await api('/authority-service/authority/login', { userName: 'admin', password: ADMIN_PASSWORD })).token;
  const { key } = await api('/plugin-admin/device-keys/add', { pluginId: 'content', tenantId: 0, name: 'portal website' }, admin);

  const page = await newPage('en-US');
  await login(page, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-/content/portal').click();
  const add = async (kind, title, { link = '', body = '', publish = false } = {}) => {
    await page.getByTestId('add-portal').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('portal-kind').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(kind, { exact: true }).click();
    await dialog.getByTestId('portal-language').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('English', { exact: false }).first().click();
    await dialog.getByTestId('portal-title').fill(title);
    if (body) await dialog.getByTestId('portal-body').fill(body);
    if (link) await dialog.getByTestId('portal-link').fill(link);
    if (publish) await dialog.getByTestId('portal-published').click();
    await dialog.getByRole('button', { name: /OK/ }).click();
    return dialog;
  };
  // A banner leads somewhere: the form says so before anything is sent.
  const dialog = await add('Banner', 'Spring sale', { publish: true });
  await shotOnFailure(page, 'portal-link', () => dialog.getByText(/http:\/\/ or https:\/\//).first().waitFor());
  await dialog.getByTestId('portal-link').fill('https://shop.example.com/spring');
  await dialog.getByRole('button', { name: /OK/ }).click();
  await dialog.waitFor({ state: 'hidden' });
  await add('Page', 'About us', { body: 'Who we are' });
  const list = page.getByTestId('portal');
  await list.locator('tbody tr', { hasText: 'About us' }).getByText('Draft').waitFor();
  await list.locator('tbody tr', { hasText: 'Spring sale' }).getByText('Published').waitFor();
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await page.screenshot({ path: join(shots, 'portal-01-list.png') });

  const answer = await fetch(`${base}/api/device/content-service/app/portal?language=en`, { headers: { authorization: `Device ${key}` } });
  const entries = (await answer.json()).data.entries;
  assert.deepEqual(entries.map((e) => [e.kind, e.title, e.link]), [['banner', 'Spring sale', 'https://shop.example.com/spring']]);
});
