// End-to-end: the RTC remote in the production build against the host with the built rtc.wasm:
// create a client, search, edit, delete it; batch-add to the whitelist; set a certificate and
// issue and verify a test token; see a device's reported call in the analytics.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { ADMIN_PASSWORD, confirmByName, productPlugin, shotOnFailure, shots, startConsole } from './harness.mjs';

let console_;

before(async () => {
  console_ = await startConsole([productPlugin('rtc')]);
});

after(async () => {
  await console_?.close();
});

test('an operator manages RTC clients, whitelist, keys and sees call analytics', async () => {
  const { api, newPage, login } = console_;
  const page = await newPage('en-US');
  await login(page, 'admin', ADMIN_PASSWORD);

  // Clients: create, search, edit, delete by name.
  await page.getByTestId('menu-/rtc/rtc-client').click();
  await page.getByTestId('rtc-clients').waitFor();
  for (const [name, appId] of [['Doorbells', 'app-door'], ['Robots', 'app-bot']]) {
    await page.getByTestId('add-client').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#modal_clientName').fill(name);
    await dialog.locator('#modal_appId').fill(appId);
    await dialog.getByRole('button', { name: /OK/ }).click();
    await page.getByTestId('rtc-clients').getByText(name).waitFor();
  }
  // A duplicate app id is refused on its field, in the user's language.
  await page.getByTestId('add-client').click();
  const duplicate = page.getByRole('dialog');
  await duplicate.locator('#modal_clientName').fill('Another');
  await duplicate.locator('#modal_appId').fill('app-door');
  await duplicate.getByRole('button', { name: /OK/ }).click();
  await duplicate.getByText(/already exists/).waitFor();
  await duplicate.getByRole('button', { name: /Cancel/ }).click();

  const list = page.getByTestId('rtc-clients');
  await list.locator('#search_clientName').fill('Door');
  await list.getByRole('button', { name: 'Search' }).click();
  await shotOnFailure(page, 'rtc-search', () => list.locator('tbody tr', { hasText: 'Robots' }).waitFor({ state: 'detached' }));
  await list.locator('tbody tr', { hasText: 'Doorbells' }).getByText('Edit').click();
  const edit = page.getByRole('dialog');
  await edit.locator('#modal_remark').fill('Front-door cameras');
  await edit.getByRole('button', { name: /OK/ }).click();
  await list.getByText('Front-door cameras').waitFor();
  await page.screenshot({ path: join(shots, 'rtc-01-clients.png') });
  await list.getByRole('button', { name: 'Reset' }).click();
  // The reset reloads the list: the row to delete is the reloaded one.
  await page.waitForLoadState('networkidle');
  await list.locator('tbody tr', { hasText: 'Robots' }).getByText('Delete').click();
  await confirmByName(page, 'Robots');
  await shotOnFailure(page, 'rtc-delete', () => list.locator('tbody tr', { hasText: 'Robots' }).waitFor({ state: 'detached' }));

  // Whitelist: batch add, one product per line.
  await page.getByTestId('menu-/rtc/product-white-list').click();
  await page.getByTestId('batch-add').click();
  const batch = page.getByRole('dialog');
  await batch.locator('#modal_clientId').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Doorbells' }).click();
  await batch.locator('#modal_productIds').fill('DOOR-1\nDOOR-2\nDOOR-1');
  await batch.getByRole('button', { name: /OK/ }).click();
  await page.getByTestId('rtc-whitelist').getByText('DOOR-2').waitFor();
  await page.screenshot({ path: join(shots, 'rtc-02-whitelist.png') });

  // Keys: set a certificate (shown masked), issue a test token and verify it.
  await page.getByTestId('menu-/rtc/rtc-keys').click();
  const keys = page.getByTestId('rtc-keys');
  await keys.locator('tbody tr', { hasText: 'Doorbells' }).getByText('Set certificate').click();
  const setDialog = page.getByRole('dialog');
  await setDialog.locator('#modal_certificate').fill('0123456789abcdef0123456789abcdef');
  await setDialog.getByRole('button', { name: /OK/ }).click();
  await keys.getByText('••••••cdef').waitFor();
  assert.equal(await page.getByText('0123456789abcdef0123456789abcdef').count(), 0, 'the certificate is never shown whole');
  await keys.locator('tbody tr', { hasText: 'Doorbells' }).getByText('Test token').click();
  const tokenDialog = page.getByRole('dialog');
  await tokenDialog.locator('#modal_channel').fill('door-7');
  await tokenDialog.locator('#modal_userId').fill('u42');
  await tokenDialog.getByRole('button', { name: /OK/ }).click();
  await page.getByTestId('issued-token').waitFor();
  await page.getByTestId('verify-issued').click();
  await shotOnFailure(page, 'rtc-verify', () => page.getByTestId('verification').getByText(/Valid · Signed with the current certificate/).waitFor());
  await page.screenshot({ path: join(shots, 'rtc-03-token.png') });
  await tokenDialog.getByRole('button', { name: /Cancel/ }).click();

  // The platform issues a device key on the plugins page; it is shown once.
  await page.getByTestId('menu-/system-config/plugins').click();
  await page.locator('tbody tr', { hasText: 'rtc-service' }).getByText('Device keys').click();
  const drawer = page.getByTestId('device-keys');
  await drawer.getByTestId('issue-device-key').click();
  await page.getByRole('dialog', { name: 'Issue a key' }).locator('#modal_name').fill('doorbells');
  await page.getByRole('dialog', { name: 'Issue a key' }).getByRole('button', { name: /OK/ }).click();
  const key = (await shotOnFailure(page, 'device-key', () => drawer.getByTestId('issued-device-key').innerText())).trim();
  assert.match(key, /^dk_[0-9a-f]{64}$/);
  await drawer.getByText('doorbells').waitFor();
  await page.getByRole('dialog', { name: 'Issue a key' }).waitFor({ state: 'hidden' });
  await page.screenshot({ path: join(shots, 'rtc-04-device-keys.png') });
  await page.locator('.ant-drawer-close').click();
  await drawer.waitFor({ state: 'hidden' });

  // A device reports a call with that key; the analytics show it.
  const now = Date.now();
  await api('/device/rtc-service/device/sessions', { appId: 'app-door', productId: 'DOOR-1', deviceSn: 'D-1', channel: 'door-7', startedAt: now - 300_000, endedAt: now - 60_000, quality: 'good' }, `Device ${key}`);
  await page.getByTestId('menu-/rtc/rtc-analytics').click();
  await shotOnFailure(page, 'rtc-analytics', () => page.getByTestId('total-minutes').getByText('4').waitFor());
  await page.getByTestId('chart-product').waitFor();
  await page.screenshot({ path: join(shots, 'rtc-05-analytics.png') });
  await page.context().close();
});
