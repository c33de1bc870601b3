// End-to-end: the hot-update remote in the production build against the host with the built
// hot_update.wasm: upload a baseline through the host's streaming upload (and see an encrypted one
// refused on the field), add a patch, release it
// to test, promote it, and follow it in the flow and the log.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { ADMIN_PASSWORD, answerConfirm, productPlugin, sessionOf, shotOnFailure, shots, startConsole, storedZip } from './harness.mjs';

let console_;

before(async () => {
  console_ = await startConsole([productPlugin('hot-update', 'files = true')]);
});

after(async () => {
  await console_?.close();
});

test('an operator uploads a baseline and takes a patch from test to production', async () => {
  const { api, newPage, login, work } = console_;
  const apk = join(work, 'robot-3.2.0.apk');
  writeFileSync(apk, storedZip({ 'classes.dex': 'a plain package' }));
  const locked = join(work, 'locked.zip');
  writeFileSync(locked, storedZip({ 'secret.txt': 'encrypted entry' }, 'secret.txt'));

  const page = await newPage('en-US');
  await login(page, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-/hotUpdateMgr/baseline-package').click();
  for (const [file, version] of [[locked, '3.1.0'], [apk, '3.2.0']]) {
    await page.getByTestId('upload-baseline').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#modal_baselineName').fill('Robot app');
    await dialog.locator('#modal_baselineVersion').fill(version);
    // The file streams to the host as soon as it is chosen; the host's refusal shows on the field.
    await dialog.locator('input[type=file]').setInputFiles(file);
    if (file === locked) {
      await shotOnFailure(page, 'hot-encrypted', () => dialog.getByText(/“locked\.zip” is encrypted/).waitFor());
      await page.screenshot({ path: join(shots, 'hot-00-encrypted-refused.png') });
      await dialog.getByRole('button', { name: /Cancel/ }).click();
      continue;
    }
    await shotOnFailure(page, 'hot-uploaded', () => dialog.getByText(/robot-3\.2\.0\.apk \(\d+ B\)/).waitFor());
    await dialog.getByRole('button', { name: /OK/ }).click();
  }
  const baselines = page.getByTestId('hot-baselines');
  await shotOnFailure(page, 'hot-baseline', () => baselines.getByText('3.2.0', { exact: true }).waitFor());
  await page.screenshot({ path: join(shots, 'hot-01-baselines.png') });

  await page.getByTestId('menu-/hotUpdateMgr/plugin-upgrade-test').click();
  await page.getByTestId('add-patch').click();
  const patch = page.getByRole('dialog');
  await patch.locator('#modal_pluginName').fill('cleaning-map');
  await patch.locator('#modal_pluginVersion').fill('1.4.0');
  await patch.locator('#modal_baselineId').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Robot app 3.2.0' }).click();
  await patch.locator('#modal_patchUrl').fill('https://cdn.example.com/cleaning-map-1.zip');
  await patch.locator('#modal_patchSha256').fill('ab'.repeat(32));
  await patch.getByRole('button', { name: /OK/ }).click();
  const patches = page.getByTestId('hot-test-patches');
  const row = patches.locator('tbody tr', { hasText: 'cleaning-map' });
  await row.getByText('Draft').waitFor();
  await row.getByText('Release to test').click();
  const release = page.getByRole('dialog');
  await release.locator('#modal_whitelist').fill('SN-QA-1\nqa-user');
  await release.getByRole('button', { name: /OK/ }).click();
  await row.getByText('In test').waitFor();

  // A whitelisted device sees the test patch with its own key (bound to its SN).
  const admin = await sessionOf(page);
  const { key } = await api('/plugin-admin/device-keys/add', { pluginId: 'hot-update', tenantId: 0, name: 'robot app' }, admin);
  const { key: qaKey } = await api('/plugin-admin/device-keys/add', { pluginId: 'hot-update', tenantId: 0, name: 'QA robot', sn: 'SN-QA-1' }, admin);
  const check = await api('/device/hot-update-service/device/check', { plugin: 'cleaning-map', baselineVersion: '3.2.0', arch: 'arm64-v8a', sn: 'SN-QA-1' }, `Device ${qaKey}`);
  if (check?.patchVersion !== 1) throw new Error(`expected the test patch: ${JSON.stringify(check)}`);

  await row.getByText('Release to production').click();
  await answerConfirm(page);
  await row.waitFor({ state: 'detached' });
  await page.getByTestId('menu-/hotUpdateMgr/plugin-upgrade-prod').click();
  await page.getByTestId('hot-prod-patches').getByText('In production').waitFor();
  await api('/device/hot-update-service/device/report', { patchId: check.patchId, sn: 'SN-CUSTOMER', success: false, message: 'disk full' }, `Device ${key}`);

  await page.getByTestId('menu-/hotUpdateMgr/update-flow').click();
  await shotOnFailure(page, 'hot-flow', () => page.getByTestId('hot-flow').getByText('Released to production').waitFor());
  await page.screenshot({ path: join(shots, 'hot-02-flow.png') });
  await page.getByTestId('menu-/hotUpdateMgr/hot-update-log').click();
  await page.getByTestId('hot-logs').getByText('disk full').waitFor();
  await page.context().close();
});
