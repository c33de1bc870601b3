// End-to-end: the security-centre remote in the production build against the host with the built
// security_center.wasm: report a vulnerability with an attachment, open its hidden detail page,
// answer as the security team moving it to confirmed, and download the attachment by its link.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { ADMIN_PASSWORD, productPlugin, shotOnFailure, shots, startConsole } from './harness.mjs';

let console_;

before(async () => {
  console_ = await startConsole([productPlugin('security-center', 'files = true\nevents = true\nmax_upload_mib = 200')]);
});

after(async () => {
  await console_?.close();
});

test('a vulnerability is reported with its proof, answered and confirmed', async () => {
  const { newPage, login } = console_;
  const page = await newPage('en-US');
  await login(page, 'admin', ADMIN_PASSWORD);

  await page.getByTestId('menu-/security-center/loophole-submit').click();
  const list = page.getByTestId('security-reports');
  await list.waitFor();
  await page.getByTestId('submit-report').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('#modal_title').fill('Pairing accepts any token');
  await dialog.locator('#modal_description').fill('After a reboot the pairing endpoint accepts any token for 60 seconds.');
  await dialog.locator('#modal_contact').fill('not a contact');
  const proof = Buffer.from('curl -X POST http://device/pair -d token=anything\n');
  await dialog.locator('input[type=file]').setInputFiles({ name: 'poc.txt', mimeType: 'text/plain', buffer: proof });
  await dialog.getByText('poc.txt').waitFor();
  await dialog.getByRole('button', { name: /OK/ }).click();
  await shotOnFailure(page, 'report-contact', () => dialog.getByText('contact: wrong format, expected an e-mail address or a phone number.').waitFor({ timeout: 10000 }));
  await dialog.locator('#modal_contact').fill('finder@example.com');
  await dialog.getByRole('button', { name: /OK/ }).click();
  await page.getByText('Report submitted').waitFor();
  const row = list.locator('tbody tr', { hasText: 'Pairing accepts any token' });
  await row.getByText('Submitted').waitFor();
  await page.screenshot({ path: join(shots, 'security-01-reports.png') });

  // The hidden detail page: the proof downloads whole; the team confirms with a reply.
  await row.getByText('Details').click();
  const detail = page.getByTestId('report-detail');
  await detail.waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), detail.getByText('Download poc.txt').click()]);
  const { readFileSync } = await import('node:fs');
  assert.deepEqual(readFileSync(await download.path()), proof);
  const reply = page.getByTestId('reply-form');
  await shotOnFailure(page, 'reply-form', () => reply.locator('#text').fill('Reproduced on firmware 2.3.9; a fix is on its way.', { timeout: 10000 }));
  await reply.locator('#status').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Confirmed' }).click();
  await reply.getByRole('button', { name: 'Reply' }).click();
  await page.getByText('Reply sent').waitFor();
  await shotOnFailure(page, 'report-confirmed', () => detail.getByTestId('report-status').getByText('Confirmed').waitFor());
  await detail.getByText('Reproduced on firmware 2.3.9; a fix is on its way.').waitFor();
  await page.screenshot({ path: join(shots, 'security-02-detail.png') });
  await page.context().close();
});
