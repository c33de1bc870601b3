// End-to-end: two consoles acting as two service regions, each with the built sync.wasm and
// globalization.wasm. In region cn's production console the operator names the region, adds
// region eu with a wrong key, sees the delivery of a new module text refused in the sync records
// and the failure log, puts in the key eu issued, retries, and eu has the text.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { ADMIN_PASSWORD, productPlugin, shotOnFailure, shots, startConsole } from './harness.mjs';

let eu;
let cn;

before(async () => {
  eu = await startConsole([productPlugin('globalization', 'files = true\nuses = ["data-sync-service"]'), productPlugin('sync', 'uses = ["i18n-service"]')]);
  const port = new URL(eu.base).port;
  cn = await startConsole([
    productPlugin('globalization', 'files = true\nuses = ["data-sync-service"]'),
    productPlugin('sync', `uses = ["i18n-service"]\ntimeout_ms = 15000\noutbound_hosts = ["127.0.0.1:${port}"]`),
  ]);
});

after(async () => {
  await cn?.close();
  await eu?.close();
});

const signIn = (console_) => console_.api('/authority-service/authority/login', { userName: 'admin', password: ADMIN_PASSWORD }).then((a) => a.token);

test('a text made in one region reaches the other after a refused delivery is fixed and retried', async () => {
  const euAdmin = await signIn(eu);
  const { key } = await eu.api('/plugin-admin/device-keys/add', { pluginId: 'sync', tenantId: 0, name: 'region cn', requireSignature: true }, euAdmin);

  const page = await cn.newPage('en-US');
  await cn.login(page, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-/system-config/sync-service').click();
  await page.getByRole('tab', { name: 'Regions' }).click();
  await page.getByTestId('sync-current-node').fill('cn');
  // Where eu fetches the files of cn's records (firmware, pictures): https, or this machine.
  await page.getByTestId('sync-own-intranet').fill('http://console.cn.internal');
  await page.getByTestId('sync-current-save').click();
  await page.getByText(/an https:\/\/ address/).waitFor();
  await page.getByTestId('sync-own-intranet').fill(cn.base);
  await page.getByTestId('sync-current-save').click();
  await page.getByText('Saved.').waitFor();
  await page.getByTestId('sync-node-add').click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('Node key').fill('eu');
  await dialog.getByLabel('Name').fill('Europe');
  await dialog.getByLabel('Intranet domain').fill(eu.base);
  await dialog.getByLabel('Device key').fill('dk_a-key-pasted-from-the-wrong-mail');
  await dialog.getByRole('button', { name: /OK/ }).click();
  const region = page.getByTestId('sync-nodes').locator('tbody tr', { hasText: 'Europe' });
  await shotOnFailure(page, 'sync-region', () => region.waitFor());
  await dialog.waitFor({ state: 'hidden' });
  await page.screenshot({ path: join(shots, 'sync-00-regions.png') });

  // A module text made in cn's page: queued with it, refused by eu (the key), logged.
  await page.getByTestId('menu-/system-config/module-language').click();
  await page.getByTestId('modules-add').click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Module').fill('app');
  await dialog.getByLabel('Key').fill('home.title');
  await dialog.getByLabel('English (en)').fill('Home');
  await dialog.getByRole('button', { name: /OK/ }).click();
  await page.getByTestId('modules-list').locator('tbody tr', { hasText: 'home.title' }).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByTestId('menu-/system-config/sync-service').click();
  const failed = page.getByTestId('sync-records').locator('tbody tr', { hasText: 'Key refused' });
  await shotOnFailure(page, 'sync-refused', async () => {
    for (let i = 0; i < 40 && !(await failed.count()); i++) {
      await page.getByRole('tab', { name: 'Failure log' }).click();
      await page.getByRole('tab', { name: 'Sync records' }).click();
      await page.waitForTimeout(500);
    }
    await failed.waitFor();
  });
  await failed.getByText('home.title').waitFor();
  await page.screenshot({ path: join(shots, 'sync-01-refused.png') });
  await page.getByRole('tab', { name: 'Failure log' }).click();
  await page.getByTestId('sync-failures').locator('tbody tr', { hasText: 'Key refused' }).waitFor();

  // The key eu issued, then a retry at once.
  await page.getByRole('tab', { name: 'Regions' }).click();
  await region.getByText('Edit', { exact: true }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Device key').fill(key);
  await dialog.getByRole('button', { name: /OK/ }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('tab', { name: 'Sync records' }).click();
  await page.getByTestId('sync-retry-app.home.title').click();
  await page.getByText('Synchronised.').waitFor();
  await page.getByTestId('sync-records').locator('tbody tr', { hasText: 'Success' }).waitFor();
  await page.screenshot({ path: join(shots, 'sync-02-retried.png') });

  const texts = await eu.api('/i18n-service/modules?key=home.title', undefined, euAdmin, undefined, 'GET');
  assert.equal(texts.list[0]?.texts?.en, 'Home');
});
