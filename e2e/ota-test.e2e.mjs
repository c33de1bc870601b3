// End-to-end: the OTA stress-test remote in the production build against the host with the
// built ota_test.wasm: add a device, start a task, pause it (terminate is refused while paused),
// resume, let the device report, and read the report in the history.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { ADMIN_PASSWORD, answerConfirm, productPlugin, sessionOf, shotOnFailure, shots, startConsole } from './harness.mjs';

let console_;

before(async () => {
  console_ = await startConsole([productPlugin('ota-test')]);
});

after(async () => {
  await console_?.close();
});

test('an operator runs a stress-test task and reads its report', async () => {
  const { api, newPage, login } = console_;
  const page = await newPage('en-US');
  await login(page, 'admin', ADMIN_PASSWORD);

  await page.getByTestId('menu-/ota-test/device').click();
  await page.getByTestId('add-device').click();
  const device = page.getByRole('dialog');
  await device.locator('#modal_sn').fill('BENCH-01');
  await device.locator('#modal_ip').fill('10.2.0.15');
  await device.getByRole('button', { name: /OK/ }).click();
  await page.getByTestId('ota-devices').getByText('BENCH-01').waitFor();

  await page.getByTestId('menu-/ota-test/task').click();
  await page.getByTestId('add-task').click();
  const task = page.getByRole('dialog');
  await task.locator('#modal_taskName').fill('Night run');
  await task.locator('#modal_deviceSns').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'BENCH-01' }).click();
  await task.locator('#modal_steps').fill('2');
  await task.locator('#modal_upgradeVersion').fill('2.1.0');
  await task.locator('#modal_downgradeVersion').fill('2.0.0');
  await task.locator('#modal_wifiSsid').fill('lab');
  await task.locator('#modal_wifiPassword').fill('correct-horse');
  await task.getByRole('button', { name: /OK/ }).click();
  const tasks = page.getByTestId('ota-tasks');
  const row = tasks.locator('tbody tr', { hasText: 'Night run' });
  await row.getByText('In progress').waitFor();

  await row.getByText('Pause').click();
  await shotOnFailure(page, 'ota-paused', async () => {
    const paused = page.waitForResponse((r) => r.url().endsWith('/action') && r.request().method() === 'POST');
    await answerConfirm(page);
    assert.equal((await paused).status(), 200, 'the pause is accepted');
    await row.getByText('Paused').waitFor();
  });
  await row.getByText('Terminate').hover();
  await page.getByText('Mission paused, cannot be terminated.').waitFor();
  await page.screenshot({ path: join(shots, 'ota-01-paused.png') });
  await row.getByText('Restart').click();
  await answerConfirm(page);
  await row.getByText('In progress').waitFor();

  // The device reports both steps with its device key; the page follows on its own.
  const admin = await sessionOf(page);
  const { key } = await api('/plugin-admin/device-keys/add', { pluginId: 'ota-test', tenantId: 0, name: 'bench' }, admin);
  const next = await api('/device/ota-test-service/device/next?sn=BENCH-01', undefined, `Device ${key}`, undefined, 'GET');
  for (const step of [1, 2]) {
    await api('/device/ota-test-service/device/results', { taskId: next.taskId, sn: 'BENCH-01', step, success: step === 1, durationMs: 42000, reason: step === 1 ? '' : 'flash write error' }, `Device ${key}`);
  }
  await shotOnFailure(page, 'ota-completed', () => row.getByText('Completed').waitFor({ timeout: 15000 }));

  await page.getByTestId('menu-/ota-test/history').click();
  await page.getByTestId('ota-history').locator('tbody tr', { hasText: 'Night run' }).getByText('Report').click();
  await page.getByTestId('ota-report').getByText('flash write error ×1').waitFor();
  await page.screenshot({ path: join(shots, 'ota-02-report.png') });
  await page.context().close();
});
