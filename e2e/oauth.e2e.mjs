// End-to-end: the OAuth consent in Chromium against the host with the built app plugin. A voice
// skill (a client registered for the enterprise) sends the browser to the authorisation endpoint;
// the consent page in the shell's style asks the app user to sign in and allow; the browser
// returns to the skill's callback with a code the skill exchanges with PKCE; a denial returns
// access_denied. The consent page and the client list pass axe (WCAG 2.1 A and AA).
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { ADMIN_PASSWORD, PRODUCT_GRANTS, productPlugin, shotOnFailure, shots, startConsole } from './harness.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let console_;
let callback;
const arrived = [];

before(async () => {
  console_ = await startConsole([
    productPlugin('product', PRODUCT_GRANTS),
    productPlugin('app', 'uses = ["product-service"]\nfiles = true'),
  ]);
  // The skill's callback: remembers what the browser brought.
  callback = createServer((req, res) => {
    // Only the callback: the browser also asks this origin for its favicon.
    const url = new URL(req.url, 'http://127.0.0.1');
    if (url.pathname === '/cb') arrived.push(url);
    res.setHeader('content-type', 'text/html');
    res.end('<!doctype html><html lang="en"><title>Linked</title><main><h1>Skill linked</h1></main></html>');
  });
  await new Promise((done) => callback.listen(0, '127.0.0.1', done));
});

after(async () => {
  callback?.close();
  await console_?.close();
});

const base64url = (bytes) => bytes.toString('base64').replaceAll('+', '-').replaceAll('/', '_').replaceAll('=', '');

/** Serious or critical axe violations of the page, by rule. */
async function axeViolations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const outcome = await page.evaluate(async () => {
    const found = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return found.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
  });
  return outcome;
}

test('an app user links a voice skill through the consent page, and can deny it', async () => {
  const { api, base, newPage, login } = console_;
  const redirectUri = `http://127.0.0.1:${callback.address().port}/cb`;
  const admin = (await api('/authority-service/authority/login', { userName: 'admin', password: ADMIN_PASSWORD })).token;
  const tenant = (await api('/authority-service/tenantInfo/add', { tenantName: 'Robotics', fullName: 'Robotics Ltd', abbrEn: 'ROBO', creditCode: '913501005700000159' }, admin)).id;
  // The enterprise's app user, as the app reported it, with a password.
  const { key } = await api('/plugin-admin/device-keys/add', { pluginId: 'app', tenantId: tenant, name: 'Robot Home app' }, admin);
  await api('/device/app-service/app/users/report', { username: 'ann@example.com', mobile: '49-15112345678' }, `Device ${key}`);
  const users = await api('/app-service/app-users', undefined, admin, String(tenant), 'GET');
  await api(`/app-service/app-users/${users.list[0].id}/password`, { password: 'robot#2026', confirmPassword: 'robot#2026' }, admin, String(tenant));
  await api('/oauth-service/scope/save', { scope: 'device:control', description: 'Control your robot vacuums by voice', resources: ['/device-service/devices'], claims: [] }, admin, String(tenant));
  await api('/oauth-service/scope/save', { scope: 'profile', description: 'See your account name', resources: [], claims: ['preferred_username'] }, admin, String(tenant));
  const client = await api(
    '/oauth-service/client/add',
    { name: 'Alexa smart home', clientType: 'alexa', redirectUris: [redirectUri], productCategory: 'Robot vacuum', grantTypes: ['authorization_code', 'refresh_token'], scopes: ['device:control', 'profile'], passwordNeeded: true, accessTokenSeconds: 3600, refreshTokenSeconds: 86400, resources: ['voice-service'] },
    admin,
    String(tenant),
  );

  // The administrator's page lists the client, never its secret.
  const console = await newPage('en-US', { bypassCSP: true });
  await login(console, 'admin', ADMIN_PASSWORD);
  await console.getByTestId('menu-/third-party-access/client-list').click();
  await shotOnFailure(console, 'oauth-clients', () => console.getByText('Alexa smart home').waitFor());
  assert.equal(await console.getByText(client.clientSecret).count(), 0);
  assert.deepEqual(await axeViolations(console), []);
  await console.screenshot({ path: join(shots, 'oauth-01-clients.png') });

  // The skill sends Ann's browser to the authorisation endpoint (no console session there).
  const verifier = base64url(randomBytes(32));
  const challenge = base64url(createHash('sha256').update(verifier).digest());
  const authorize = (state) =>
    `${base}/api/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: client.clientId, redirect_uri: redirectUri, scope: 'device:control profile', state, code_challenge: challenge, code_challenge_method: 'S256' })}`;
  const ann = await newPage('en-US', { bypassCSP: true });
  await ann.goto(authorize('s-1'));
  const question = ann.getByTestId('consent-question');
  await shotOnFailure(ann, 'oauth-consent', () => question.waitFor());
  assert.match(await question.innerText(), /Alexa smart home asks to access your account/);
  await ann.getByText('Control your robot vacuums by voice').waitFor();
  assert.deepEqual(await axeViolations(ann), []);
  await ann.screenshot({ path: join(shots, 'oauth-02-consent.png') });

  // A wrong password: the app plugin's refusal, on the page; then the right one.
  await ann.getByLabel('App account (e-mail or phone)').fill('ann@example.com');
  await ann.getByLabel('Password').fill('not-hers-1');
  await ann.getByTestId('consent-allow').click();
  await shotOnFailure(ann, 'oauth-wrong-password', () => ann.getByTestId('consent-error').waitFor());
  await ann.getByLabel('Password').fill('robot#2026');
  await ann.getByTestId('consent-allow').click();
  await ann.waitForURL(`${redirectUri}?**`);
  const back = arrived.at(-1);
  assert.equal(back.searchParams.get('state'), 's-1');
  const code = back.searchParams.get('code');
  assert.ok(code, 'a code came back');

  // The skill's backend exchanges it with the verifier, and reads who Ann is.
  const basic = Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64');
  const exchange = await fetch(`${base}/api/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier }),
  });
  assert.equal(exchange.status, 200);
  const tokens = await exchange.json();
  const me = await (await fetch(`${base}/api/oauth/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).json();
  assert.deepEqual(me, { sub: 'ann@example.com', preferred_username: 'ann@example.com' });

  // Another time Ann denies: the skill hears access_denied.
  await ann.goto(authorize('s-2'));
  await ann.getByTestId('consent-deny').click();
  await ann.waitForURL(`${redirectUri}?**`);
  assert.equal(arrived.at(-1).searchParams.get('error'), 'access_denied');
  assert.equal(arrived.at(-1).searchParams.get('state'), 's-2');

  // The administrator sees Ann's tokens and revokes them; the access token stops working.
  await console.getByTestId('menu-/third-party-access/userinfo-list').click();
  const rows = console.locator('tbody tr', { hasText: 'ann@example.com' });
  await shotOnFailure(console, 'oauth-tokens', () => rows.first().waitFor());
  await rows.filter({ hasText: 'Access token' }).getByText('Revoke', { exact: true }).click();
  const confirm = console.locator('.ant-modal-confirm');
  await confirm.getByRole('button', { name: /OK/ }).click();
  await confirm.waitFor({ state: 'hidden' });
  // The list reloads with the grant's tokens marked (the toast says so too; the tag is what stays).
  await shotOnFailure(console, 'oauth-revoked', () => rows.first().locator('.ant-tag', { hasText: 'Revoked' }).waitFor());
  await console.screenshot({ path: join(shots, 'oauth-03-tokens.png') });
  const after = await fetch(`${base}/api/oauth/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
  assert.equal(after.status, 401);
});
