// End-to-end: the globalization remote in the production build against the host with the built
// globalization.wasm: a return code's message added in three languages on the page, the missing
// languages named, and the code served to an app in German; the texts exported as a task of the
// task centre, its file downloaded from the notice and from the task list.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
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

test('an export runs as a task: the page goes on, the notice and the task list offer its file', async () => {
  const { newPage, login } = console_;
  const page = await newPage('en-US');
  await login(page, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-/system-config/return-code').click();
  await page.getByTestId('codes-export').click();
  // The page is not held: the notice comes when the file is ready, wherever the user is.
  const notice = page.locator('.ant-notification-notice', { hasText: 'Your export is ready: code-texts.xlsx' });
  await shotOnFailure(page, 'globalization-export-task', () => notice.waitFor({ timeout: 20_000 }));
  const [download] = await Promise.all([page.waitForEvent('download'), notice.getByRole('button', { name: 'Download' }).click()]);
  assert.equal(download.suggestedFilename(), 'code-texts.xlsx');
  const bytes = await readFile(await download.path());
  assert.equal(bytes.subarray(0, 2).toString(), 'PK', 'an xlsx workbook (a zip)');
  // The task list keeps it, with its file to download again.
  await page.getByTestId('task-center').click();
  const list = page.getByTestId('task-list');
  await list.getByText('code-texts.xlsx').waitFor();
  await list.getByText(/^Ready/).waitFor();
  await page.screenshot({ path: join(shots, 'globalization-02-task-list.png') });
  const [again] = await Promise.all([page.waitForEvent('download'), list.getByRole('button', { name: 'Download' }).first().click()]);
  assert.equal(again.suggestedFilename(), 'code-texts.xlsx');
});
