// End-to-end: the real host (debug build) serving the production shell and the pet remote, driven
// in Debian's Chromium by playwright-core. Screenshots go to test-artifacts/screenshots/.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';

import { ADMIN_PASSWORD, productPlugin, repo, shotOnFailure, shots, startConsole, target } from './harness.mjs';

const INITIAL_JS_BUDGET = 400 * 1024;

let console_;
let base;
let api;
let newPage;
let login;
let broken;

before(async () => {
  // A second plugin whose remote entry is broken: its page must fail alone.
  broken = mkdtempSync(join(tmpdir(), 'broken-remote-'));
  writeFileSync(join(broken, 'remoteEntry.js'), 'export const get = () => { throw new Error("broken remote"); };\nthrow new Error("broken remote entry");\n');
  console_ = await startConsole([
    productPlugin('pet', 'events = true'),
    {
      id: 'probe',
      manifest: join(repo, 'host/tests/fixtures/probe/plugin.toml'),
      artefact: join(target, 'wasm32-wasip2/release/probe.wasm'),
      remoteDir: broken,
      grants: '',
    },
  ], {
    // The menu's external links: this host is reached at 127.0.0.1, the local environment.
    CONSOLE_PROCESS_MANAGE_LINKS: 'local=http://127.0.0.1:9/flow,https://flow.example.com',
    CONSOLE_DATA_ANALYSIS_LINKS: 'prod=https://bi.example.com',
  });
  ({ base, api, newPage, login } = console_);
});

after(async () => {
  await console_?.close();
  if (broken) rmSync(broken, { recursive: true, force: true });
});

test('the sign-in page loads little JavaScript', async () => {
  const page = await newPage();
  let total = 0;
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') {
      const body = await response.body().catch(() => Buffer.alloc(0));
      const gzip = gzipSync(body).length;
      total += gzip;
      scripts.push(`${(gzip / 1024).toFixed(1)} KB ${response.url().split('/').pop()}`);
    }
  });
  await page.goto(`${base}/login`);
  await page.locator('input[name=userName]').waitFor();
  await page.waitForLoadState('networkidle');
  console.log(`initial JavaScript of the shell: ${(total / 1024).toFixed(1)} KB gzip in ${scripts.length} files`);
  assert.ok(total < INITIAL_JS_BUDGET, `initial JS ${total} bytes gzip is over the 400 KB budget:\n${scripts.join('\n')}`);
  await page.screenshot({ path: join(shots, '01-login.png') });
  await page.context().close();
});

test('an administrator signs in, uses the pet remote, switches language, and signs out', async () => {
  const page = await newPage();
  await login(page, 'admin', ADMIN_PASSWORD);
  await page.waitForFunction(() => document.title === '操作指南 - 设备控制台');
  await page.getByText('欢迎使用设备控制台').waitFor();
  // The help documents in the user's language, the first one open; a search finds by character pairs.
  await page.getByTestId('guide-document').getByText('登录与企业').waitFor();
  await page.getByTestId('guide-search').locator('input').fill('固件');
  await page.getByTestId('guide-search').locator('input').press('Enter');
  await page.getByTestId('guide-05-ota-rollout').waitFor();
  assert.equal(await page.getByTestId('guide-01-signing-in').count(), 0, 'only the documents that hold the words');
  await page.getByTestId('guide-05-ota-rollout').click();
  await page.getByTestId('guide-document').getByText('升级包依次经过').waitFor();
  await page.screenshot({ path: join(shots, '02-operation-guide.png') });

  // The sidebar has the core groups and the pet plugin's pages.
  const sidebar = page.getByTestId('sidebar');
  await page.getByTestId('menu-/pet-management/pet-breed').click();
  await page.getByTestId('pet-breeds').waitFor();

  // One React for the shell and the remote.
  // Module namespaces differ per importer; a duplicated React would have its own hooks.
  const sameReact = await page.evaluate(() => typeof window.__shellReact?.useState === 'function' && window.__remoteReact?.pet?.useState === window.__shellReact.useState);
  assert.equal(sameReact, true, 'the shell and the pet remote share one React');

  // Create a breed, then a pet, through the remote's forms.
  await page.getByTestId('add-breed').click();
  const breedDialog = page.getByRole('dialog');
  await breedDialog.locator('#modal_breedName').fill('Ragdoll').catch(async (error) => {
    await page.screenshot({ path: join(shots, 'failed-breed.png') });
    throw error;
  });
  await breedDialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  // The dialog closes once the breed is saved, then the list shows it (a fresh-clone run once
  // waited 30 s for it here: the screenshot tells which of the two did not happen).
  await shotOnFailure(page, 'console-breed-added', async () => {
    await breedDialog.waitFor({ state: 'hidden' });
    await page.getByTestId('pet-breeds').getByText('Ragdoll').waitFor();
  });
  await page.screenshot({ path: join(shots, '03-pet-breeds.png') });

  await page.getByTestId('menu-/pet-management/pet-info').click();
  await page.getByTestId('add-pet').click();
  const petDialog = page.getByRole('dialog');
  await petDialog.locator('#modal_petName').fill('Mimi');
  await petDialog.locator('#modal_breedId').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Ragdoll' }).click();
  await petDialog.locator('#modal_birthdayDay').click();
  await petDialog.locator('#modal_birthdayDay').fill('2022-05-01');
  await petDialog.locator('#modal_birthdayDay').press('Enter');
  await petDialog.locator('#modal_weightKg').fill('4.5');
  await petDialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await page.getByTestId('pet-list').getByText('Mimi').waitFor().catch(async (error) => {
    await page.screenshot({ path: join(shots, 'failed-pet.png') });
    throw error;
  });
  await page.screenshot({ path: join(shots, '04-pets.png') });

  // Tabs of the pages opened.
  await page.locator('.console-tabs').getByText('宠物品种').waitFor();

  // English and back; antd follows (its pagination texts).
  await page.getByTestId('language-switch').click();
  await page.getByTestId('lang-en').click();
  await page.getByTestId('sidebar').getByText('Pet management').waitFor();
  await page.getByText('Pets', { exact: true }).first().waitFor();
  assert.match(await page.title(), /Pets - Device Console/);
  await page.screenshot({ path: join(shots, '05-english.png') });
  await page.getByTestId('language-switch').click();
  await page.getByTestId('lang-zhCn').click();
  await page.getByTestId('sidebar').getByText('宠物管理').waitFor();

  // Core admin pages render from the host's APIs.
  await page.getByTestId('menu-/productGroup/tenantInfo').click();
  await page.getByTestId('tenants').waitFor();
  await page.screenshot({ path: join(shots, '06-enterprises.png') });

  // Sign out returns to the sign-in page, and / goes there too.
  await page.getByTestId('user-menu').hover();
  await page.getByTestId('logout').click();
  await page.waitForURL('**/login');
  await page.goto(`${base}/pet-management/pet-info`);
  await page.waitForURL('**/login');
  await page.context().close();
});

test('a user sees only the pages and buttons their role grants', async () => {
  const admin = (await api('/authority-service/authority/login', { userName: 'admin', password: ADMIN_PASSWORD })).token;
  const tenant = await api('/authority-service/tenantInfo/add', { tenantName: 'Acme', fullName: 'Acme Ltd', abbrEn: 'ACME', creditCode: '91350100M000100Y43' }, admin);
  const buttons = await api('/authority-service/button/list', { pageSize: 500, keyword: 'pet:' }, admin);
  const viewOnly = buttons.list.filter((b) => b.action === 'pet:info:view').map((b) => b.id);
  const role = await api('/authority-service/role/add', { name: 'pet viewers', roleType: 'ordinary' }, admin, String(tenant.id));
  await api('/authority-service/role/grant', { id: role.id, buttonIds: viewOnly }, admin, String(tenant.id));
  const user = { userName: 'viewer', name: 'Viewer', accountType: 'operation', phone: '+86-13800000000', email: 'staff@example.com', roleIds: [role.id], password: 'View#2026', confirmPassword: 'View#2026' };
  await api('/authority-service/account/add', user, admin, String(tenant.id));

  const page = await newPage();
  // An enterprise's account signs in as name@ABBREVIATION.
  await login(page, 'viewer@ACME', 'View#2026');
  const sidebar = page.getByTestId('sidebar');
  assert.equal(await sidebar.getByText('系统配置').count(), 0, 'no system settings for an enterprise user');
  assert.equal(await sidebar.getByText('宠物品种').count(), 0, 'no breed page without its grant');
  await page.getByTestId('menu-/pet-management/pet-info').click();
  await page.getByTestId('pet-list').waitFor().catch(async (error) => {
    await page.screenshot({ path: join(shots, 'failed-viewer.png') });
    throw error;
  });
  assert.equal(await page.getByTestId('add-pet').count(), 0, 'no add button without pet:info:add');
  assert.equal(await page.getByTestId('tenant-select').locator('.ant-select-disabled').count() + (await page.locator('.ant-select-disabled[data-testid=tenant-select]').count()), 1, 'the tenant selector is disabled');
  await page.screenshot({ path: join(shots, '07-viewer.png') });
  await page.context().close();
});

test('a remote whose entry is broken shows its error panel while the rest works', async () => {
  const page = await newPage('en-US');
  await login(page, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-/probe/page').click();
  await page.getByTestId('remote-error').waitFor();
  await page.screenshot({ path: join(shots, '08-broken-remote.png') });
  await page.getByTestId('menu-/pet-management/pet-info').click();
  await page.getByTestId('pet-list').waitFor();
  await page.context().close();
});

test('a request one user submits is approved by another in the process centre', async () => {
  const admin = (await api('/authority-service/authority/login', { userName: 'admin', password: ADMIN_PASSWORD })).token;
  const tenant = String((await api('/authority-service/tenantInfo/add', { tenantName: 'Globex', fullName: 'Globex Ltd', abbrEn: 'GLOBEX', creditCode: '91350100570000007E' }, admin)).id);
  const buttons = await api('/authority-service/button/list', { pageSize: 500, keyword: 'probe:' }, admin);
  const grant = async (name, actions) => {
    const role = await api('/authority-service/role/add', { name, roleType: 'ordinary' }, admin, tenant);
    await api('/authority-service/role/grant', { id: role.id, buttonIds: buttons.list.filter((b) => actions.includes(b.action)).map((b) => b.id) }, admin, tenant);
    return role.id;
  };
  const account = async (userName, roleId) =>
    api('/authority-service/account/add', { userName, name: userName, accountType: 'operation', phone: '+86-13800000000', email: 'staff@example.com', roleIds: [roleId], password: 'Work#2026', confirmPassword: 'Work#2026' }, admin, tenant);
  await account('author', await grant('authors', ['probe:use', 'probe:write']));
  await account('reviewer', await grant('reviewers', ['probe:use', 'probe:review']));
  const author = (await api('/authority-service/authority/login', { userName: 'author@GLOBEX', password: 'Work#2026' })).token;
  const note = await api('/probe/notes', { text: 'map 2.1 release notes' }, author);
  await api(`/probe/notes/${note.id}/submit`, {}, author);

  const page = await newPage('en-US');
  await login(page, 'reviewer@GLOBEX', 'Work#2026');
  await page.getByTestId('menu-/process-center/task-waiting').click();
  const waiting = page.getByTestId('process-waiting');
  const row = waiting.locator('tbody tr', { hasText: 'Note map 2.1 release notes' });
  await shotOnFailure(page, 'process-waiting', () => row.getByText('Note review (Sandbox probe)').waitFor());
  await page.screenshot({ path: join(shots, '09-process-waiting.png') });
  await row.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('#modal_comment').fill('looks right');
  await dialog.getByRole('button', { name: /OK/ }).click();
  await row.waitFor({ state: 'detached' });

  await page.getByTestId('menu-/process-center/task-finish').click();
  const finished = page.getByTestId('process-finished').locator('tbody tr', { hasText: 'Note map 2.1 release notes' });
  await shotOnFailure(page, 'process-finished', () => finished.getByText('Approved').waitFor());
  await page.screenshot({ path: join(shots, '10-process-finished.png') });
  const applied = await api(`/probe/notes/${note.id}`, undefined, author, undefined, 'GET');
  assert.equal(applied.review, 'approved', JSON.stringify(applied));
  await page.context().close();
});

test('an operator encrypts a text with the encryption tool, opens it again, and reads a time stamp', async () => {
  const page = await newPage('en-US');
  await login(page, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-/system-config/encrypt-decode').click();
  await page.getByLabel('Key', { exact: true }).fill('000102030405060708090a0b0c0d0e0f');
  await page.getByRole('button', { name: 'Generate' }).click();
  await page.getByLabel('Plaintext').fill('{"power":true}');
  await page.getByTestId('crypt-run').click();
  const result = page.getByTestId('crypt-result').locator('pre');
  await shotOnFailure(page, 'crypt-encrypt', () => result.waitFor());
  const sealed = await result.textContent();
  assert.match(sealed, /^[A-Za-z0-9+/]+=*$/, 'Base64 by default');
  await page.screenshot({ path: join(shots, '11-encryption-tool.png') });

  await page.locator('label.ant-radio-button-wrapper', { hasText: 'Decrypt' }).click();
  await page.getByLabel('Ciphertext').fill(sealed);
  await page.getByTestId('crypt-run').click();
  await shotOnFailure(page, 'crypt-decrypt', () => page.getByTestId('crypt-result').getByText('{"power":true}').waitFor());

  // Another key: refused on the ciphertext's field, with the host's words.
  await page.getByLabel('Key', { exact: true }).fill('ff0102030405060708090a0b0c0d0e0f');
  await page.getByTestId('crypt-run').click();
  await shotOnFailure(page, 'crypt-refused', () => page.getByText(/^Decryption failed/).waitFor());
  assert.equal(await page.getByTestId('crypt-result').count(), 0, 'no result shown for a refused decryption');

  // The workflow link opens the local environment's address in a new tab; the big-data site has
  // no local address, so it is not in the menu.
  const flow = page.getByTestId('menu-/process-manage');
  assert.equal(await flow.getAttribute('href'), 'http://127.0.0.1:9/flow');
  assert.equal(await flow.getAttribute('target'), '_blank');
  assert.equal(await page.getByTestId('menu-/data-analysis').count(), 0);

  await page.getByTestId('menu-/system-config/tools').click();
  await page.getByRole('textbox', { name: 'Time stamp' }).fill('0');
  await page.getByTestId('timestamp-result').getByText('1970-01-01 00:00:00.000', { exact: true }).waitFor();
  await page.getByRole('tab', { name: 'Device signature' }).click();
  await page.getByText('HMAC-SHA256', { exact: false }).first().waitFor();
  await page.screenshot({ path: join(shots, '12-tools.png') });

  // Page tabs close with their icon, and from the keyboard with Delete on the focused tab.
  await page.getByRole('tab', { name: 'Encryption tool' }).focus();
  await page.keyboard.press('Delete');
  await page.getByRole('tab', { name: 'Encryption tool' }).waitFor({ state: 'detached' });
  await page.getByTestId('close-tab-/system-config/tools').click();
  await page.waitForURL('**/operation-guide');
  // The closed page's own tabs leave with it (a loaded machine read them while they went).
  await page.getByRole('tab', { name: 'Device signature' }).waitFor({ state: 'detached' });
  assert.deepEqual(await page.getByRole('tab').allTextContents(), ['Operation guide']);
  await page.context().close();
});
