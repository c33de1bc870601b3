// End-to-end: what the browser is told and what it does with hostile entry parameters. The
// production shell must run under the host's Content-Security-Policy, a `from`
// that is not a configured https portal must never be navigated to, and `url` must stay on
// this origin.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { ADMIN_PASSWORD, productPlugin, shots, startConsole } from './harness.mjs';

const PORTAL = 'https://portal.example.com';

let console_;
let base;
let api;
let newPage;
let login;

before(async () => {
  console_ = await startConsole([productPlugin('pet', 'events = true')], { CONSOLE_PORTAL_ORIGINS: PORTAL });
  ({ base, api, newPage, login } = console_);
});

after(async () => {
  await console_?.close();
});

/** Every CSP violation the page reports. */
function watchViolations(page) {
  const violations = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('the console and a remote run under the Content-Security-Policy', async () => {
  const page = await newPage('en-US');
  const violations = watchViolations(page);
  const answer = await page.goto(`${base}/login`);
  const policy = answer.headers()['content-security-policy'] ?? '';
  assert.match(policy, /script-src 'self'/);
  assert.match(policy, /frame-ancestors 'none'/);
  assert.equal(answer.headers()['x-content-type-options'], 'nosniff');
  await login(page, 'admin', ADMIN_PASSWORD);
  await page.goto(`${base}/pet-management/pet-breed`);
  await page.getByTestId('sidebar').waitFor();
  await page.locator('.ant-table').first().waitFor();
  await page.screenshot({ path: join(shots, 'security-csp-pet.png') });
  assert.deepEqual(violations, [], 'no script, style or connection was refused');
  await page.context().close();
});

test('the session is an HttpOnly cookie that no script in the page can read', async () => {
  const page = await newPage('en-US');
  await login(page, 'admin', ADMIN_PASSWORD);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'console_session');
  assert.ok(cookie, 'the session cookie is set');
  assert.equal(cookie.httpOnly, true);
  assert.equal(cookie.sameSite, 'Strict');
  const seen = await page.evaluate(() => ({ cookies: document.cookie, stored: JSON.stringify(window.localStorage) }));
  assert.ok(!seen.cookies.includes(cookie.value), 'document.cookie does not show it');
  assert.ok(!seen.stored.includes(cookie.value), 'local storage does not hold it');
  // The console works on the cookie alone: a page of a remote loads its data.
  await page.goto(`${base}/pet-management/pet-breed`);
  await page.locator('.ant-table').first().waitFor();
  await page.context().close();
});

/** Signs in through the API and enters the console as a portal would. */
async function enterFromPortal(page, from, url) {
  const { token } = await api('/authority-service/authority/login', { userName: 'admin', password: ADMIN_PASSWORD });
  const query = new URLSearchParams({ authorization: token, from, url });
  await page.goto(`${base}/?${query}`);
  await page.getByTestId('sidebar').waitFor();
  return token;
}

test('a javascript: portal is never run and a protocol-relative url stays on this origin', async () => {
  const page = await newPage('en-US');
  let dialogs = 0;
  page.on('dialog', async (dialog) => {
    dialogs += 1;
    await dialog.dismiss();
  });
  const token = await enterFromPortal(page, 'javascript:window.__pwned=1;alert(1)', '//evil.example/phish');
  assert.equal(new URL(page.url()).origin, base, 'still on the console');
  assert.equal(await page.evaluate(() => window.localStorage.getItem('portal')), null, 'the portal was refused');

  // The session ends: the console goes to its sign-in page, never to the "portal".
  await api('/authority-service/authority/loginOut', {}, token);
  await page.reload();
  await page.waitForURL('**/login');
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal(dialogs, 0);
  await page.context().close();
});

test('a configured https portal is where the user returns when the session ends', async () => {
  const page = await newPage('en-US');
  await page.route(`${PORTAL}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>portal</h1>' }));
  const token = await enterFromPortal(page, `${PORTAL}/back`, '/system/role');
  assert.equal(await page.evaluate(() => window.localStorage.getItem('portal')), `${PORTAL}/back`);
  // Listening first: the open shell may notice the ended session and leave on its own.
  const toPortal = page.waitForRequest((request) => request.url() === `${PORTAL}/back` && request.isNavigationRequest());
  await api('/authority-service/authority/loginOut', {}, token);
  // Only until the reload commits: the shell then leaves for the portal, which aborts a wait
  // for the reloaded page's load event. Left already, the reload itself is aborted: the same end.
  await page.reload({ waitUntil: 'commit' }).catch((error) => {
    if (!/ERR_ABORTED|frame was detached/.test(String(error))) throw error;
  });
  await toPortal;
  await page.context().close();
});
