// End-to-end: the device remote in the production build against the host with the built
// device.wasm and product.wasm, and live devices from the simulator (tools/devsim), which sets up
// its product through the console's API: open a device, watch its properties change as it
// reports, set a property and see the device's answer.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { ADMIN_PASSWORD, DEVICE_GRANTS, PRODUCT_GRANTS, productPlugin, shotOnFailure, shots, startConsole, startDevsim } from './harness.mjs';

let console_;
let devsim;

before(async () => {
  console_ = await startConsole([
    productPlugin('product', PRODUCT_GRANTS),
    productPlugin('device', DEVICE_GRANTS),
  ]);
  devsim = await startDevsim(console_, ['--devices', '3', '--interval-ms', '800', '--offline-percent', '0']);
});

after(async () => {
  devsim?.kill();
  await console_?.close();
});

test('an engineer watches a simulated device report and sets a property it carries out', async () => {
  const { newPage, login } = console_;
  const page = await newPage('en-US');
  await login(page, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-/device-manage/deviceInfo').click();
  const list = page.getByTestId('devices');
  await list.getByText('RVD10001').waitFor();
  await list.locator('tbody tr', { hasText: 'RVD10001' }).getByText('Online').waitFor();
  await page.screenshot({ path: join(shots, 'device-01-list.png') });

  await page.getByTestId('device-RVD10001').click();
  const drawer = page.getByTestId('device-drawer');
  await drawer.getByRole('tab', { name: 'Properties' }).click();
  const battery = drawer.getByTestId('value-battery');
  await shotOnFailure(page, 'device-battery', () => battery.filter({ hasText: /^\d+ %$/ }).waitFor());
  // The device reports every 0.8 s and the drawer reads it every 2 s: the value moves on its own.
  const first = await battery.textContent();
  await shotOnFailure(page, 'device-live', () =>
    page.waitForFunction((was) => document.querySelector('[data-testid="value-battery"]')?.textContent !== was, first, { timeout: 20000 }),
  );
  await page.screenshot({ path: join(shots, 'device-02-live-properties.png') });

  // The battery's history over the last day (the tab's default), from the series store, and its export.
  await drawer.getByRole('tab', { name: 'History' }).click();
  await shotOnFailure(page, 'device-history', () => drawer.getByTestId('history-chart').waitFor({ timeout: 20000 }));
  const [download] = await Promise.all([page.waitForEvent('download'), drawer.getByTestId('history-export').click()]);
  assert.equal(download.suggestedFilename(), 'RVD10001-battery.csv');
  await page.screenshot({ path: join(shots, 'device-02b-history.png') });

  await drawer.getByRole('tab', { name: 'Control' }).click();
  await drawer.getByTestId('control-feature').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Set property: Suction' }).click();
  await drawer.getByTestId('control-suction').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'turbo (3)' }).click();
  await drawer.getByTestId('control-send').click();
  await shotOnFailure(page, 'device-answer', () => page.getByText('The device carried out the command.').waitFor({ timeout: 20000 }));
  await drawer.getByTestId('device-commands').getByText('Done').first().waitFor();
  await page.screenshot({ path: join(shots, 'device-03-command-done.png') });
  await drawer.getByRole('tab', { name: 'Properties' }).click();
  await drawer.getByTestId('value-suction').filter({ hasText: /^turbo$/ }).waitFor();

  // The engineer asks for the device's factory initialisation; another user decides it.
  await drawer.getByTestId('apply-initialisation').click();
  const ask = page.locator('.ant-modal-confirm');
  await ask.getByTestId('initialise-reason').fill('Returned by the customer');
  await ask.getByRole('button', { name: /OK/ }).click();
  await page.getByText('Application submitted').waitFor();
});

test('an auditor approves a factory initialisation in one click, and the SN starts anew', async () => {
  const { api, newPage, login } = console_;
  const admin = (await api('/authority-service/authority/login', { userName: 'admin', password: ADMIN_PASSWORD })).token;
  const buttons = await api('/authority-service/button/list', { pageSize: 500, keyword: 'device:' }, admin);
  const role = await api('/authority-service/role/add', { name: 'device auditors', roleType: 'ordinary' }, admin);
  const decide = ['device:audit:view', 'device:audit:decide'];
  await api('/authority-service/role/grant', { id: role.id, buttonIds: buttons.list.filter((b) => decide.includes(b.action)).map((b) => b.id) }, admin);
  await api('/authority-service/account/add', { userName: 'auditor', name: 'auditor', accountType: 'operation', phone: '+86-13800000000', email: 'staff@example.com', roleIds: [role.id], password: 'Work#2026', confirmPassword: 'Work#2026' }, admin);

  const page = await newPage('en-US');
  await login(page, 'auditor', 'Work#2026');
  await page.getByTestId('menu-/device-manage/auditList').click();
  const reviews = page.getByTestId('init-reviews');
  await reviews.getByText('Returned by the customer').waitFor();
  await page.screenshot({ path: join(shots, 'device-04-init-review.png') });
  await reviews.getByTestId('approve-RVD10001').click();
  await page.getByText('Approved: the SN is initialised and the review entry deleted.').waitFor();
  await reviews.getByText('RVD10001').waitFor({ state: 'detached' });
  const sns = await api('/product-service/sns?sn=RVD10001&mode=precise', undefined, admin, undefined, 'GET');
  assert.equal(sns.list[0].activated, false, 'the SN is back in its factory state');
});

test('an operator hands a family over to another member and unbinds a device with a reason', async () => {
  const { newPage, login } = console_;
  const page = await newPage('en-US');
  await login(page, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-/device-manage/smartHome').click();
  await page.getByTestId('family-Home 1').click();
  const members = page.getByTestId('family-members');
  await members.getByText('guest001@example.com').waitFor();
  await page.getByTestId('identity-guest001@example.com').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Administrator' }).click();
  // The role is handed over: the former administrator is an ordinary member, chosen in a list now.
  await shotOnFailure(page, 'family-handover', () => page.getByTestId('identity-user001@example.com').getByText('Ordinary member').waitFor());
  await members.locator('tr', { hasText: 'guest001@example.com' }).getByText('Administrator').waitFor();
  await page.screenshot({ path: join(shots, 'device-05-family.png') });
  await page.keyboard.press('Escape');

  await page.getByTestId('menu-/device-manage/userDevice').click();
  const bindings = page.getByTestId('bindings');
  await bindings.getByText('RVD10002').waitFor();
  await bindings.getByTestId('unbind-RVD10002').click();
  const ask = page.locator('.ant-modal-confirm');
  await ask.getByTestId('unbind-reason').fill('Sold to another household');
  await ask.getByRole('button', { name: /OK/ }).click();
  await page.getByText('Unbound', { exact: true }).waitFor();
  await bindings.getByText('RVD10002').waitFor({ state: 'detached' });
  await page.getByRole('tab', { name: 'Binding logs' }).click();
  const logs = page.getByTestId('binding-logs');
  await logs.getByText('Sold to another household').waitFor();
  await page.screenshot({ path: join(shots, 'device-06-binding-logs.png') });
});
