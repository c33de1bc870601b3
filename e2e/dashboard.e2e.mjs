// End-to-end: the dashboard remote in the production build against the host with the built
// dashboard.wasm, device.wasm and product.wasm, and live devices from the simulator
// (tools/devsim): the device dashboard shows their reports once counted, and its figures move
// on their own as more are counted (the page hears `dashboard.rolled-up` on the event socket);
// the overview counts the simulated fleet once its figures are taken, each card links to its
// list, and the enterprise page ranks the fleet's model; the world page places the fleet by the
// country its app said, on the world map and, by province, on China's.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { ADMIN_PASSWORD, DEVICE_GRANTS, PRODUCT_GRANTS, productPlugin, sessionOf, shotOnFailure, shots, startConsole, startDevsim } from './harness.mjs';

let console_;
let devsim;

before(async () => {
  console_ = await startConsole([
    productPlugin('product', PRODUCT_GRANTS),
    productPlugin('device', DEVICE_GRANTS),
    productPlugin('dashboard', 'uses = ["device-service", "product-service", "app-service", "customer-service"]\nevents = true'),
  ]);
  devsim = await startDevsim(console_, ['--devices', '3', '--interval-ms', '800', '--offline-percent', '0']);
});

after(async () => {
  devsim?.kill();
  await console_?.close();
});

/** The figure a statistic shows, as a number. */
async function figure(page, testId) {
  const text = await page.getByTestId(testId).locator('.ant-statistic-content-value').textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

test('simulated devices report and the device dashboard shows them, then moves on its own', async () => {
  const { newPage, login } = console_;
  const page = await newPage('en-US');
  await login(page, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-/echartGroup/device').click();
  await page.getByTestId('dashboard-freshness').waitFor();
  // Counted once settled (10 s) by the schedule (every 10 s): the page is told, not reloaded.
  await shotOnFailure(page, 'dashboard-first', () =>
    page.waitForFunction(() => Number(document.querySelector('[data-testid="total-reports"] .ant-statistic-content-value')?.textContent?.replace(/[^\d]/g, '') ?? 0) > 0, null, { timeout: 60000 }),
  );
  const first = await figure(page, 'total-reports');
  await page.getByTestId('chart-over-time').waitFor();
  await page.getByText(/Every report kept up to/).waitFor();
  await shotOnFailure(page, 'dashboard-live', () =>
    page.waitForFunction(
      (was) => Number(document.querySelector('[data-testid="total-reports"] .ant-statistic-content-value')?.textContent?.replace(/[^\d]/g, '') ?? 0) > was,
      first,
      { timeout: 60000 },
    ),
  );
  await page.screenshot({ path: join(shots, 'dashboard-01-device.png') });

  // The chart as a PNG, the figures as a workbook.
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('chart-over-time-png').click()]);
  assert.match(png.suggestedFilename(), /^reports-and-events-1d-hour\.png$/);
  // The workbook is an export of the task centre: its notice offers the file once ready.
  await page.getByTestId('dashboard-export').click();
  const notice = page.locator('.ant-notification-notice', { hasText: 'Your export is ready: device-dashboard-1d-hour.xlsx' });
  await shotOnFailure(page, 'dashboard-export-task', () => notice.waitFor({ timeout: 30_000 }));
  const [workbook] = await Promise.all([page.waitForEvent('download'), notice.getByRole('button', { name: 'Download' }).click()]);
  assert.equal(workbook.suggestedFilename(), 'device-dashboard-1d-hour.xlsx');
  const bytes = readFileSync(await workbook.path());
  assert.equal(bytes.subarray(0, 2).toString(), 'PK', 'an xlsx (zip) file');
});

test('the overview counts the simulated fleet once taken, links each card to its list and the enterprise page ranks the model', async () => {
  const { newPage, login } = console_;
  const page = await newPage('en-US');
  await login(page, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-/echartGroup/index').click();
  await shotOnFailure(page, 'overview-open', () => page.getByTestId('dashboard-take-now').click());
  await page.getByText('The figures were taken.').waitFor();
  await shotOnFailure(page, 'overview-devices', () =>
    page.waitForFunction(() => document.querySelector('[data-testid="card-devices"] .ant-statistic-content-value')?.textContent?.trim() === '3', null, { timeout: 30000 }),
  );
  await page.getByText(/Figures taken at/).waitFor();
  // No app plugin here: the card says it is not counted rather than showing a zero.
  assert.equal((await page.getByTestId('card-app-users').locator('.ant-statistic-content').textContent())?.trim(), '—');
  await page.getByTestId('chart-firmware').waitFor();
  await page.waitForTimeout(1200); // the charts' animation, for a screenshot a person can judge
  await page.screenshot({ path: join(shots, 'dashboard-02-overview.png') });
  await page.getByTestId('card-devices').getByRole('link', { name: 'View list' }).click();
  await page.waitForURL(/\/device-manage\/deviceInfo/);

  await page.getByTestId('menu-/echartGroup/tenant').click();
  await page.getByTestId('chart-top-models').waitFor();
  await page.getByText('Enterprises with the most devices (top 10)').waitFor();
  await page.waitForTimeout(1200); // the charts' animation, for a screenshot a person can judge
  await page.screenshot({ path: join(shots, 'dashboard-03-enterprises.png') });
});

test('the error analysis shows the simulated devices’ faults by code, firmware and product', async () => {
  const { newPage, login } = console_;
  const page = await newPage('en-US');
  await login(page, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-/echartGroup/error-analysis').click();
  await shotOnFailure(page, 'errors-counted', () =>
    page.waitForFunction(() => Number(document.querySelector('[data-testid="errors-total"] .ant-statistic-content-value')?.textContent?.replace(/[^\d]/g, '') ?? 0) > 0, null, { timeout: 60000 }),
  );
  const rows = page.getByTestId('errors-codes').locator('tbody tr.ant-table-row');
  assert.ok((await rows.count()) > 0, 'the commonest codes are listed');
  await page.getByTestId('chart-errors-firmware').waitFor();
  await page.waitForTimeout(1200); // the charts' animation, for a screenshot a person can judge
  await page.screenshot({ path: join(shots, 'dashboard-04-errors.png') });
});

test('the device-log dashboard counts the simulated devices’ logins', async () => {
  const { newPage, login } = console_;
  const page = await newPage('en-US');
  await login(page, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-/echartGroup/device-log').click();
  await shotOnFailure(page, 'logs-counted', () =>
    page.waitForFunction(() => Number(document.querySelector('[data-testid="logs-login"] .ant-statistic-content-value')?.textContent?.replace(/[^\d]/g, '') ?? 0) >= 3, null, { timeout: 60000 }),
  );
  await page.getByTestId('chart-logs-phone').waitFor();
  await page.waitForTimeout(1200); // the charts' animation, for a screenshot a person can judge
  await page.screenshot({ path: join(shots, 'dashboard-05-device-logs.png') });
  await page.getByTestId('menu-/echartGroup/apps').click();
  await page.getByText('App dashboard', { exact: true }).first().waitFor();
});

test('the world page places the simulated fleet by country, and its Chinese devices by province', async () => {
  const { api, newPage, login } = console_;
  const page = await newPage('de-DE');
  await login(page, 'admin', ADMIN_PASSWORD);
  await api('/dashboard-service/snapshot', {}, await sessionOf(page));
  await page.getByTestId('menu-/echartGroup/world').click();
  const ranking = page.getByTestId('world-ranking').locator('tbody tr.ant-table-row');
  await shotOnFailure(page, 'world-ranked', () => ranking.first().waitFor({ timeout: 30000 }));
  // Every simulated device's app said where it is: the countries add up to the fleet.
  const counts = (await ranking.locator('td:nth-child(2)').allTextContents()).map(Number);
  assert.equal(counts.reduce((a, b) => a + b, 0), 3, `the fleet by country: ${counts}`);
  // Named in the reader's language (German here), not by code.
  const places = await ranking.locator('td:nth-child(1)').allTextContents();
  assert.ok(places.every((p) => /^[A-ZÄÖÜ][a-zäöüß]+/.test(p) && !/^[A-Z]{2}$/.test(p)), `named places: ${places}`);
  await page.locator('[data-testid="world-map"][data-map="world"]').waitFor();
  await page.waitForTimeout(1200); // the map's animation, for a screenshot a person can judge
  await page.screenshot({ path: join(shots, 'dashboard-06-world.png') });

  const inChina = places.includes('China') ? counts[places.indexOf('China')] : 0;
  await page.getByTestId('world-view').getByText('China').click();
  await page.locator('[data-testid="world-map"][data-map="china"]').waitFor();
  assert.equal(Number(await page.getByTestId('devices-in-china').locator('.ant-statistic-content-value').textContent()), inChina);
  if (inChina > 0) await page.getByTestId('world-ranking').getByText('Guangdong').waitFor();
  await page.waitForTimeout(1200);
  await page.screenshot({ path: join(shots, 'dashboard-07-china.png') });
});
