// End-to-end: the AI data remote in the production build against the host with the built
// ai_data.wasm, device.wasm and product.wasm, and a simulated robot (tools/devsim) that uploads
// obstacle pictures once a whitelist names it: the operator adds the whitelist entry, the robot's
// picture arrives as a server-made thumbnail, she annotates it with an image of her own, and a
// second user approves it.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { ADMIN_PASSWORD, DEVICE_GRANTS, PRODUCT_GRANTS, productPlugin, sessionOf, shotOnFailure, shots, startConsole, startDevsim } from './harness.mjs';

let console_;
let devsim;

before(async () => {
  console_ = await startConsole([
    productPlugin('product', PRODUCT_GRANTS),
    productPlugin('device', DEVICE_GRANTS),
    productPlugin('ai-data', 'files = true\nmax_upload_mib = 20\nuses = ["device-service"]\nsubscribe = ["device.initialised"]'),
  ]);
  devsim = await startDevsim(console_, ['--devices', '1', '--interval-ms', '700', '--offline-percent', '0', '--obstacle-percent', '100']);
});

after(async () => {
  devsim?.kill();
  await console_?.close();
});

/** A small PNG: the annotator's own picture. */
const picture = () =>
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAAKklEQVR4nGM4UaFBU8QwasGoBaMWjFowasGoBaMWjFowasGoBaMWDBULAIvioEzwWVaRAAAAAElFTkSuQmCC', 'base64');

test('an uploaded obstacle image is annotated and reviewed', async () => {
  const { api, newPage, login } = console_;
  const admin = (await api('/authority-service/authority/login', { userName: 'admin', password: ADMIN_PASSWORD })).token;
  await api('/device-service/privacy', { project: 'Obstacle pictures', purpose: 'Training obstacle recognition', scene: 'While cleaning' }, admin);
  const devices = await api('/device-service/devices?page=1&pageSize=10', undefined, admin, undefined, 'GET');
  const sn = devices.list[0].sn;
  // Bo reviews: he may see and review annotations, not annotate.
  const buttons = await api('/authority-service/button/list', { pageSize: 500, keyword: 'ai:' }, admin);
  const role = await api('/authority-service/role/add', { name: 'Reviewers', roleType: 'ordinary' }, admin, '0');
  const reviewActions = ['ai:whitelist:view', 'ai:collection:view', 'ai:annotation:review'];
  await api('/authority-service/role/grant', { id: role.id, buttonIds: buttons.list.filter((b) => reviewActions.includes(b.action)).map((b) => b.id) }, admin, '0');
  await api('/authority-service/account/add', { userName: 'bo', name: 'Bo', accountType: 'operation', phone: '+86-13800000000', email: 'staff@example.com', roleIds: [role.id], password: 'Work#2026', confirmPassword: 'Work#2026' }, admin, '0');

  const page = await newPage('en-US');
  await login(page, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-/AI-data-manage/SN-whitelist-annotation').click();
  await page.getByTestId('add-whitelist').click();
  const form = page.getByRole('dialog');
  await form.locator('#modal_name').fill('Obstacles, living rooms');
  await form.locator('#modal_sns').fill(sn);
  await form.locator('#modal_privacyProject').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Obstacle pictures' }).click();
  await form.getByRole('button', { name: /OK/ }).click();
  const entry = page.getByTestId('ai-whitelists').locator('tbody tr', { hasText: 'Obstacles, living rooms' });
  await entry.waitFor();

  // The robot hears it is listed and uploads (a round every 0.7 s); the batch shows its picture.
  const session = await sessionOf(page); // one session per user: the browser's is the admin's now
  let collected = 0;
  for (let i = 0; i < 40 && collected === 0; i += 1) {
    await page.waitForTimeout(1000);
    collected = (await api('/ai-data-service/items?page=1&pageSize=1', undefined, session, undefined, 'GET')).total;
  }
  assert.ok(collected > 0, 'the robot uploaded a picture once listed');
  await entry.getByText('Pictures of the batch').click();
  const queue = page.getByTestId('ai-queue').locator('tbody tr.ant-table-row');
  await shotOnFailure(page, 'ai-collected', () => queue.first().waitFor({ timeout: 15000 }));
  const first = queue.first();
  const thumb = first.locator('img');
  await thumb.waitFor();
  assert.ok(await thumb.evaluate((img) => img.complete && img.naturalWidth > 0 && img.naturalWidth <= 320), 'a server-made thumbnail');

  await first.getByText('Annotate', { exact: true }).click();
  const annotate = page.getByRole('dialog');
  await annotate.getByTestId('original-image').waitFor();
  await annotate.locator('#modal_bugType').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Wrong label' }).click();
  await annotate.locator('#modal_label').fill('charging cable');
  await annotate.locator('input[type=file]').setInputFiles({ name: 'cable.png', mimeType: 'image/png', buffer: picture() });
  await annotate.getByText('cable.png').waitFor();
  await page.screenshot({ path: join(shots, 'ai-01-annotate.png') });
  await annotate.getByRole('button', { name: /OK/ }).click();
  await page.getByText('Annotated.').waitFor();
  // Newer pictures keep arriving above it: the annotated one is found by its label.
  await queue.filter({ hasText: 'charging cable' }).getByTestId('status-annotated').waitFor();
  // The annotator may not review her own work: no review link for her here is the server's rule too.
  await page.context().close();

  const reviewer = await newPage('en-US');
  await login(reviewer, 'bo', 'Work#2026');
  await reviewer.getByTestId('menu-/AI-data-manage/SN-whitelist-annotation').click();
  await reviewer.getByTestId('ai-whitelists').getByText('Obstacles, living rooms').click();
  const row = reviewer.getByTestId('ai-queue').locator('tbody tr.ant-table-row', { hasText: 'charging cable' });
  await row.getByText('Review', { exact: true }).click();
  const dialog = reviewer.getByRole('dialog');
  await dialog.getByTestId('user-image').waitFor();
  await dialog.getByText('Annotated by admin').waitFor();
  await reviewer.waitForTimeout(600); // the modal's animation, for a screenshot a person can judge
  await reviewer.screenshot({ path: join(shots, 'ai-02-review.png') });
  await dialog.getByTestId('review-approve').click();
  await reviewer.getByText('Reviewed.').waitFor();
  await row.getByTestId('status-approved').waitFor();

  // The gallery shows it approved.
  await reviewer.getByTestId('menu-/AI-data-manage/data-collection').click();
  await reviewer.getByTestId('ai-gallery').getByTestId('status-approved').first().waitFor();
  await reviewer.screenshot({ path: join(shots, 'ai-03-gallery.png') });
  await reviewer.context().close();
});
