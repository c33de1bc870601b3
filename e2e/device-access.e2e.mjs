// End-to-end: the device-access remote in the production build against the host with the built
// device_access.wasm: generate an MQTT certificate, download it, revoke it by its name (the CRL
// then lists it: tests/it/certificates.rs checks that with OpenSSL); add domains and look up the
// one a device in a country uses; a chain whose key does not match is refused on its field.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { ADMIN_PASSWORD, productPlugin, shotOnFailure, shots, startConsole } from './harness.mjs';

let console_;

before(async () => {
  console_ = await startConsole([productPlugin('device-access', 'certificates = true\ntimeout_ms = 30000')]);
});

after(async () => {
  await console_?.close();
});

test('an operator generates, downloads and revokes a certificate, and manages domains', async () => {
  const { newPage, login } = console_;
  const page = await newPage('en-US');
  await login(page, 'admin', ADMIN_PASSWORD);

  await page.getByTestId('menu-/deviceAccess/certificateManagement').click();
  const list = page.getByTestId('certificates');
  await list.waitFor();
  await page.getByTestId('generate-certificate').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('#modal_name').fill('Litter box 0001');
  await dialog.locator('#modal_commonName').fill('SN-0001');
  await dialog.locator('#modal_country').fill('de');
  await dialog.locator('#modal_keyPassword').fill('correct horse');
  await dialog.locator('#modal_confirmPassword').fill('correct hors');
  await dialog.getByRole('button', { name: /OK/ }).click();
  await dialog.getByText('The two passwords differ.').waitFor();
  await dialog.locator('#modal_confirmPassword').fill('correct horse');
  await dialog.getByRole('button', { name: /OK/ }).click();
  await page.getByText('Certificate generated').waitFor();
  const row = list.locator('tbody tr', { hasText: 'Litter box 0001' });
  await row.getByText('Normal').waitFor();
  await row.getByText('ECDSA · 256 bits').waitFor();
  await page.screenshot({ path: join(shots, 'device-access-01-certificates.png') });

  // PEM: the certificate, its encrypted key and the CA.
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByText('PEM', { exact: true }).click()]);
  assert.equal(download.suggestedFilename(), 'Litter_box_0001.pem');
  const pem = readFileSync(await download.path(), 'utf8');
  assert.equal(pem.match(/BEGIN CERTIFICATE/g)?.length, 2, pem);
  assert.match(pem, /BEGIN ENCRYPTED PRIVATE KEY/);

  // PKCS#12 needs the key's password; a wrong one is said on its field.
  await row.getByText('PKCS#12').click();
  const p12 = page.getByRole('dialog', { name: 'Download as PKCS#12' });
  await p12.locator('#modal_password').fill('wrong password');
  await p12.getByRole('button', { name: /OK/ }).click();
  await p12.getByText('The private key password is wrong.').waitFor();
  await p12.locator('#modal_password').fill('correct horse');
  const [archive] = await Promise.all([page.waitForEvent('download'), p12.getByRole('button', { name: /OK/ }).click()]);
  assert.equal(archive.suggestedFilename(), 'Litter_box_0001.p12');

  // Revoke by retyping the name: normal → revoked, once.
  await row.getByText('Revoke', { exact: true }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await confirm.locator('.ant-modal-confirm-title', { hasText: 'Revoke this certificate?' }).waitFor();
  await page.getByTestId('delete-confirm-input').fill('Litter box 0001');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await page.getByText('Certificate revoked').waitFor();
  await shotOnFailure(page, 'certificate-revoked', () => row.getByText('Revoked').waitFor());
  assert.equal(await row.getByText('Revoke', { exact: true }).count(), 0, 'a revoked certificate is not revoked twice');
  await page.screenshot({ path: join(shots, 'device-access-02-revoked.png') });

  // Domains: one for every country and one for Germany; a device in Germany gets Germany's.
  await page.getByTestId('menu-/deviceAccess/domainManagement').click();
  const domains = page.getByTestId('domains-device');
  for (const [name, country, priority] of [['mqtt.example.com', '', '100'], ['mqtt-eu.example.com', 'DE', '1']]) {
    await shotOnFailure(page, 'add-domain', () => page.getByTestId('add-domain').click({ timeout: 10000 }));
    const form = page.getByRole('dialog');
    await form.locator('#modal_name').fill(name);
    await form.locator('#modal_country').fill(country);
    await form.locator('#modal_serviceName').fill('mqtt');
    await form.locator('#modal_priority').fill(priority);
    await form.getByRole('button', { name: /OK/ }).click();
    await domains.getByText(name).waitFor();
  }
  const lookup = page.getByTestId('resolve-domain');
  await lookup.locator('#country').fill('DE');
  await lookup.locator('#serviceName').fill('mqtt');
  await lookup.getByRole('button', { name: 'Look up' }).click();
  await lookup.getByText('A device or app there uses mqtt-eu.example.com (priority 1).').waitFor();
  await page.screenshot({ path: join(shots, 'device-access-03-domains.png') });

  // SSL: a chain with a key that is not its own is refused on the key's field.
  await page.getByTestId('menu-/deviceAccess/ssl-certificate').click();
  await page.getByTestId('upload-ssl').click();
  const upload = page.getByRole('dialog');
  await upload.locator('#modal_name').fill('Web');
  await upload.locator('#modal_chainPem').fill(pem.slice(0, pem.indexOf('-----BEGIN ENCRYPTED')));
  await upload.locator('#modal_keyPem').fill('-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg\n-----END PRIVATE KEY-----\n');
  await upload.getByRole('button', { name: /OK/ }).click();
  await shotOnFailure(page, 'ssl-refused', () => upload.getByText(/cannot be read|does not belong/).waitFor());
  await page.context().close();
});
