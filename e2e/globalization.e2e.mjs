// End-to-end: the globalization remote in the production build against the host with the built
// globalization.wasm: a return code's message added in three languages on the page, the missing
// languages named, and the code served to an app in German.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { ADMIN_PASSWORD, productPlugin, shotOnFailure, shots, startConsole } from './harness.mjs';

let console_;

before(async () => {
  console_ = await startConsole([productPlugin('globalization', 'files = true')]);
});

after(async () => {
  await console_?.close();
});

test('a return code gets its messages on the page and reaches an app', async () => {
  const { api, base, newPage, login } = console_;
  const admin = (await api('/authority-service/authority/login', { userName: 'admin', password: ADMIN_PASSWORD })).token;
  const { key } = await api('/plugin-admin/device-keys/add', { pluginId: 'globalization', tenantId: 0, name: 'Robot Home app' }, admin);

  const page = await newPage('en-US');
  await login(page, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-/system-config/return-code').click();
  await page.getByTestId('codes-add').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Module').fill('device');
  await dialog.getByLabel('Return code').fill('E1024');
  await dialog.getByLabel('English (en)').fill('The dust bin is full.');
  await dialog.getByLabel('Deutsch (de)').fill('Der Staubbehälter ist voll.');
  await dialog.getByRole('button', { name: /OK/ }).click();
  const row = page.getByTestId('codes-list').locator('tbody tr', { hasText: 'E1024' });
  await shotOnFailure(page, 'globalization-code', () => row.waitFor());
  await row.getByText('zhCn').waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await page.screenshot({ path: join(shots, 'globalization-01-codes.png') });

  const answer = await fetch(`${base}/api/device/i18n-service/app/texts?kind=code&lang=de&module=device`, { headers: { authorization: `Device ${key}` } });
  assert.equal(answer.status, 200);
  assert.deepEqual((await answer.json()).data.texts, { E1024: 'Der Staubbehälter ist voll.' });
});
