// End-to-end: the whole device lifecycle from an empty console, through the UI only (the
// simulated devices are the one thing no page drives). The platform administrator creates an
// enterprise and its administrator; that administrator builds a category, a thing-model template
// (imported and published), a product, a product model related to it, an SN group, downloads
// its factory keys and issues a fleet key; the device simulator activates the devices with those
// keys; they show online with their readings; a property set from the device drawer reaches a
// device and its answer shows; a firmware package is uploaded, reviewed by the platform, tested
// on one device, released gray (the whitelisted device upgrades) and then to all, and the
// rollout completes; a second package, whose devices fail at flashing, stops at its threshold.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { ADMIN_PASSWORD, answerConfirm, choose, DEVICE_GRANTS, png, PRODUCT_GRANTS, productPlugin, shotOnFailure, shots, startConsole, startDevsim, submit } from './harness.mjs';

let console_;
let devsim;

before(async () => {
  console_ = await startConsole([
    productPlugin('product', PRODUCT_GRANTS),
    productPlugin('device', DEVICE_GRANTS),
    productPlugin('upgrade', 'uses = ["product-service"]\nfiles = true\nmax_upload_mib = 1024'),
  ]);
});

after(async () => {
  devsim?.kill();
  await console_?.close();
});

/** A thing model in this console's export shape: what the template imports. */
const THING_MODEL = {
  format: 'device-console/thing-model',
  formatVersion: 1,
  properties: [
    { identifier: 'battery', name: 'Battery', accessMode: 'r', dataType: { type: 'int', specs: { unit: '%', min: 0, max: 100 } } },
    { identifier: 'suction', name: 'Suction', accessMode: 'rw', dataType: { type: 'enum', specs: { enumParam: [{ text: 'quiet', value: 1 }, { text: 'turbo', value: 3 }] } } },
  ],
  events: [],
  services: [],
};

const SNS = ['RVJ0001', 'RVJ0002', 'RVJ0003'];

test('an enterprise administrator takes a product from nothing to devices online and upgraded, in the console alone', async () => {
  const { newPage, login, work } = console_;

  // 1. The platform administrator: an enterprise, and its administrator.
  const platform = await newPage('en-US');
  await login(platform, 'admin', ADMIN_PASSWORD);
  await platform.getByTestId('menu-/productGroup/tenantInfo').click();
  await platform.getByRole('button', { name: 'Add enterprise' }).click();
  const enterprise = platform.getByRole('dialog');
  await enterprise.locator('#modal_tenantName').fill('Robotics');
  await enterprise.locator('#modal_fullName').fill('Robotics Ltd');
  await enterprise.locator('#modal_abbrEn').fill('ROBO');
  await enterprise.locator('#modal_creditCode').fill('913501005700000159');
  await submit(enterprise);
  await shotOnFailure(platform, 'journey-enterprise', () => platform.getByTestId('tenants').getByText('Robotics Ltd').waitFor());

  await platform.getByTestId('menu-/system/user').click();
  await platform.getByRole('button', { name: 'Add account' }).click();
  const account = platform.getByRole('dialog');
  await choose(platform, account.getByTestId('account-enterprise'), 'Robotics');
  await account.locator('#modal_userName').fill('ops');
  await account.locator('#modal_name').fill('Olga Petrova');
  await choose(platform, account.locator('#modal_accountType'), 'Operation');
  // A new enterprise starts with its administrator role.
  await choose(platform, account.locator('#modal_roleIds'), 'Enterprise administrator');
  await account.locator('.ant-modal-title').click();
  await account.locator('#modal_phone').fill('+86-13800000000');
  await account.locator('#modal_email').fill('olga@robotics.example');
  await account.locator('#modal_password').fill('Work#2026');
  await account.locator('#modal_confirmPassword').fill('Work#2026');
  await submit(account);
  await shotOnFailure(platform, 'journey-account', () => account.waitFor({ state: 'hidden' }));

  // 2. The enterprise's administrator builds the product.
  const page = await newPage('en-US');
  await login(page, 'ops@ROBO', 'Work#2026');
  const transparent = join(work, 'vacuum.png');
  writeFileSync(transparent, png(168, true));
  await page.getByTestId('menu-/product-manage/classify').click();
  await page.getByTestId('add-category').click();
  const category = page.getByRole('dialog');
  await category.locator('#modal_name').fill('Robot vacuums');
  await category.locator('#modal_identifier').fill('robot-vacuum');
  await category.locator('input[type=file]').setInputFiles(transparent);
  await category.getByText(/vacuum\.png/).waitFor();
  await submit(category);
  await shotOnFailure(page, 'journey-category', () => page.getByTestId('product-categories').getByText('robot-vacuum').waitFor());

  await page.getByTestId('menu-/product-manage/template').click();
  await page.getByTestId('add-template').click();
  const template = page.getByRole('dialog').first();
  await template.getByTestId('template-name').fill('Robot vacuum');
  await template.getByTestId('template-version').fill('1.0.0');
  await choose(page, template.locator('#modal_categoryId'), 'Robot vacuums');
  await template.getByTestId('template-description').fill('Robot vacuums with a mop');
  await template.getByTestId('template-remark').fill('first version');
  await submit(template);
  await shotOnFailure(page, 'journey-template', () => template.waitFor({ state: 'hidden' }));
  // Its thing model, imported from a file as a device maker brings it.
  const modelFile = join(work, 'robot-vacuum.json');
  writeFileSync(modelFile, JSON.stringify(THING_MODEL));
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId('import-Robot vacuum').click()]);
  await chooser.setFiles(modelFile);
  const templateRow = page.getByTestId('product-templates').locator('tbody tr', { hasText: 'Robot vacuum' });
  // Its two features, counted in the list.
  await shotOnFailure(page, 'journey-imported', () => templateRow.locator('td', { hasText: /^2$/ }).waitFor());
  await page.getByTestId('publish-Robot vacuum').click();
  await answerConfirm(page);
  await shotOnFailure(page, 'journey-published', () => templateRow.getByText('Published', { exact: true }).waitFor());

  const pairing = join(work, 'pairing.png');
  writeFileSync(pairing, png(480, true));
  await page.getByTestId('menu-/product-manage/product').click();
  await page.getByTestId('add-product').click();
  const product = page.getByRole('dialog');
  await product.getByTestId('product-name').fill('RV30');
  await choose(page, product.getByTestId('product-template'), 'Robot vacuum');
  await product.getByTestId('product-hotspot').fill('RV-AP');
  await product.getByRole('tab', { name: 'Pairing guide' }).click();
  await product.getByTestId('upload-pairingPicture').locator('..').locator('input[type=file]').setInputFiles(pairing);
  await product.getByText(/pairing\.png/).waitFor();
  await submit(product);
  const productRow = page.getByTestId('product-products').locator('tbody tr', { hasText: 'RV30' });
  await shotOnFailure(page, 'journey-product', () => productRow.waitFor());
  // The product key the devices name, as the list shows it.
  const productKey = (await productRow.getByTestId('product-key').textContent()).trim();
  assert.match(productKey, /^\S{8,}$/, 'a product key');

  // The model, related to the product in its own form (activation refuses SNs of a model without it).
  await page.getByTestId('menu-/product-manage/product-modal').click();
  await page.getByTestId('add-model').click();
  const model = page.getByRole('dialog');
  await model.getByTestId('model-name').fill('RV30');
  await model.getByTestId('model-code').fill('RV-30');
  await model.getByTestId('model-alias').fill('RVJ');
  await model.getByTestId('model-digits').fill('4');
  await choose(page, model.getByTestId('model-products'), 'RV30');
  // The multiple choice keeps its list open: a click on the title closes it.
  await model.locator('.ant-modal-title').click();
  await submit(model);
  const modelRow = page.getByTestId('product-models').locator('tbody tr', { hasText: 'RV-30' });
  await shotOnFailure(page, 'journey-model', () => modelRow.locator('.ant-tag', { hasText: 'RV30' }).waitFor());
  await modelRow.getByTestId('release-RV30').click();
  await answerConfirm(page);
  await modelRow.getByText('Published', { exact: true }).waitFor();

  // Its SNs, entered by hand, and their factory keys.
  await page.getByTestId('menu-/product-manage/product-sn').click();
  await page.getByTestId('enter-sns').click();
  const enter = page.getByRole('dialog');
  await enter.getByTestId('sn-group-label').fill('Line A');
  await choose(page, enter.getByTestId('sn-group-model'), 'RV30');
  await enter.locator('#modal_sns').fill(SNS.join('\n'));
  await submit(enter);
  const groupRow = page.getByTestId('sn-groups').locator('tbody tr', { hasText: 'Line A' });
  await shotOnFailure(page, 'journey-sns', () => groupRow.getByTestId('keys-Line A').waitFor());
  await groupRow.getByTestId('keys-Line A').click();
  const [keysDownload] = await Promise.all([page.waitForEvent('download'), answerConfirm(page)]);
  const keysFile = join(work, 'factory-keys.csv');
  await keysDownload.saveAs(keysFile);
  const keyLines = readFileSync(keysFile, 'utf8').trim().split('\n');
  assert.ok(SNS.every((sn) => keyLines.some((line) => line.startsWith(`${sn},`))), keyLines.join('\n'));

  // A fleet key of the enterprise's own, and how a device connects.
  await page.getByTestId('menu-/device-manage/fleet-keys').click();
  await page.getByTestId('issue-fleet-key').click();
  const issue = page.getByRole('dialog');
  await issue.getByTestId('fleet-key-name').fill('Line A');
  await submit(issue);
  const issued = page.getByTestId('issued-fleet-key');
  await shotOnFailure(page, 'journey-fleet-key', () => issued.waitFor());
  const fleetKey = (await issued.textContent()).trim();
  assert.match(fleetKey, /^dk_/);
  await page.getByTestId('fleet-keys').locator('tbody tr', { hasText: 'Line A' }).getByText(`…${fleetKey.slice(-4)}`).waitFor();
  await page.getByTestId('activation-url').getByText(/\/api\/device\/device-service\/thing\/activate/).waitFor();
  await page.screenshot({ path: join(shots, 'journey-01-fleet-key.png'), fullPage: true });

  // 3. The devices activate with those keys and report.
  devsim = await startDevsim(console_, ['--fleet-key', fleetKey, '--product-key', productKey, '--keys', keysFile, '--interval-ms', '800', '--offline-percent', '0']);
  await page.getByTestId('menu-/device-manage/deviceInfo').click();
  const devices = page.getByTestId('devices');
  const deviceRow = devices.locator('tbody tr', { hasText: 'RVJ0001' });
  await shotOnFailure(page, 'journey-online', () => deviceRow.getByText('Online').waitFor({ timeout: 30000 }));
  await page.screenshot({ path: join(shots, 'journey-02-devices-online.png') });
  await page.getByTestId('device-RVJ0001').click();
  const drawer = page.getByTestId('device-drawer');
  await drawer.getByRole('tab', { name: 'Properties' }).click();
  await shotOnFailure(page, 'journey-battery', () => drawer.getByTestId('value-battery').filter({ hasText: /^\d+ %$/ }).waitFor());
  await drawer.getByRole('tab', { name: 'Control' }).click();
  await choose(page, drawer.getByTestId('control-feature'), 'Set property: Suction');
  await choose(page, drawer.getByTestId('control-suction'), 'turbo (3)');
  await drawer.getByTestId('control-send').click();
  await shotOnFailure(page, 'journey-answer', () => page.getByText('The device carried out the command.').waitFor({ timeout: 20000 }));
  await page.screenshot({ path: join(shots, 'journey-03-command-done.png') });
  await page.locator('.ant-drawer-close').click();

  // 4. Firmware: uploaded by the enterprise, reviewed by the platform, tested on one device.
  const packages = page.getByTestId('firmware-packages');
  /** Uploads the package from 1.0.0 (the simulated devices' version) to `version`; its id. */
  const uploadPackage = async (version, code, file) => {
    await page.getByTestId('menu-/ota-upgrade/publish').click();
    await page.getByTestId('upload-package').click();
    const upload = page.getByRole('dialog');
    await choose(page, upload.getByTestId('product-select'), 'RV30');
    await choose(page, upload.getByTestId('model-select'), 'RV30');
    await choose(page, upload.getByTestId('package-type'), 'Production');
    await upload.getByTestId('current-version-name').fill('1.0.0');
    await upload.getByTestId('current-version-code').fill('100');
    await upload.getByTestId('target-version-name').fill(version);
    await upload.getByTestId('target-version-code').fill(code);
    await upload.getByRole('tab', { name: 'English' }).click();
    await upload.getByTestId('text-en').fill(`What ${version} brings`);
    const firmware = join(work, file);
    writeFileSync(firmware, Buffer.alloc(1 << 20, code.length + version.length));
    await upload.locator('input[type=file]').first().setInputFiles(firmware);
    await shotOnFailure(page, 'journey-firmware', () => upload.getByText(file).waitFor({ timeout: 30000 }));
    await submit(upload);
    await shotOnFailure(page, 'journey-waiting', () => packages.locator('tbody tr', { hasText: version }).getByText('Waiting for review').waitFor());

    // The platform's process centre shows it whatever enterprise its header shows (the list,
    // open in its tab since an earlier review, searched again).
    await platform.getByTestId('menu-/process-center/task-waiting').click();
    await platform.getByRole('button', { name: 'Search' }).click();
    const task = platform.getByTestId('process-waiting').locator('tbody tr', { hasText: `RV-30 1.0.0 → ${version}` });
    await shotOnFailure(platform, 'journey-review', () => task.getByRole('button', { name: 'Approve' }).click());
    await platform.getByRole('dialog').locator('#modal_comment').fill('changelog checked');
    await submit(platform.getByRole('dialog'));
    await task.waitFor({ state: 'detached' });

    await page.getByTestId('menu-/ota-upgrade/test').click();
    const start = page.getByTestId('firmware-test').locator('tbody tr', { hasText: version }).locator('[data-testid^="start-test-"]');
    await shotOnFailure(page, 'journey-test', () => start.waitFor());
    return (await start.getAttribute('data-testid')).replace('start-test-', '');
  };
  /** Tests package `id` on device `sn` and passes it; its test devices are cleared after. */
  const testOn = async (id, sn) => {
    const testDevices = async (sns) => {
      await page.getByTestId(`test-devices-${id}`).click();
      await page.getByRole('dialog').locator('#modal_sns').fill(sns);
      await submit(page.getByRole('dialog'));
    };
    await testDevices(sn);
    await page.getByTestId(`start-test-${id}`).click();
    await answerConfirm(page);
    await shotOnFailure(page, 'journey-under-test', () => page.getByTestId(`pass-test-${id}`).click());
    await page.getByRole('dialog').getByTestId('test-conclusion').fill(`${sn} ran it for a day`);
    await submit(page.getByRole('dialog'));
    const row = page.getByTestId(`test-devices-${id}`).locator('xpath=ancestor::tr');
    await shotOnFailure(page, 'journey-tested', () => row.getByTestId('status-testComplete').waitFor());
    await testDevices('');
  };
  /** Sets package `id`'s release strategy (`fill`: field selector → value), applies and releases it gray. */
  const releaseGray = async (id, fill) => {
    await page.getByTestId('menu-/ota-upgrade/publish').click();
    await page.getByTestId(`strategy-${id}`).click();
    const strategy = page.getByRole('dialog');
    for (const [field, value] of Object.entries(fill)) await strategy.locator(field).fill(value);
    await submit(strategy);
    await strategy.waitFor({ state: 'hidden' });
    await page.getByTestId(`apply-${id}`).click();
    await answerConfirm(page);
    await page.locator('.ant-message-notice').getByText(/awaits official release/).last().waitFor();
    await page.getByTestId(`release-${id}`).click();
    await answerConfirm(page);
  };
  /** Opens package `id`'s rollout and waits until `succeeded` devices installed it. */
  const rolloutSucceeded = async (id, succeeded) => {
    await page.getByTestId('menu-/ota-upgrade/history').click();
    await page.getByTestId(`rollout-open-${id}`).click();
    await shotOnFailure(page, 'journey-rollout', () =>
      page.waitForFunction((n) => Number(document.querySelector('[data-testid="rollout-succeeded"]')?.textContent) >= n, succeeded, { timeout: 60000 }),
    );
  };

  const id = await uploadPackage('2.0.0', '200', 'rv30-2.0.0.bin');
  await testOn(id, 'RVJ0002');
  // A 10 % gray with one device on its whitelist: that device upgrades.
  await releaseGray(id, { '[data-testid="rollout-grayPercent"]': '10', '#modal_whitelist': 'RVJ0001' });
  await shotOnFailure(page, 'journey-gray', () => packages.getByTestId('status-inGray').waitFor());
  await rolloutSucceeded(id, 1);
  await page.getByTestId('rollout-drawer').getByTestId('rollout-executions').getByText('RVJ0001').waitFor();
  await page.screenshot({ path: join(shots, 'journey-04-upgraded.png') });
  await page.locator('.ant-drawer-close').click();

  // Released to all: every device installs it, and the rollout completes.
  await page.getByTestId('menu-/ota-upgrade/publish').click();
  await page.getByTestId(`release-${id}`).click();
  await answerConfirm(page);
  await shotOnFailure(page, 'journey-released', () => packages.getByTestId('status-released').waitFor());
  await rolloutSucceeded(id, SNS.length);
  await page.screenshot({ path: join(shots, 'journey-05-released-to-all.png') });
  await page.locator('.ant-drawer-close').click();

  // 5. A second package, whose devices all fail at flashing, stops itself at its threshold. (The
  // simulator started again activates its devices again, on 1.0.0 once more.)
  devsim.kill();
  devsim = await startDevsim(console_, ['--fleet-key', fleetKey, '--product-key', productKey, '--keys', keysFile, '--interval-ms', '800', '--offline-percent', '0', '--upgrade-failure-percent', '100']);
  const secondId = await uploadPackage('2.1.0', '210', 'rv30-2.1.0.bin');
  await testOn(secondId, 'RVJ0003');
  // Gray to every device, stopping once more than half of two or more have failed.
  await releaseGray(secondId, { '[data-testid="rollout-grayPercent"]': '100', '[data-testid="rollout-abortFailurePercent"]': '50', '[data-testid="rollout-abortMinDevices"]': '2' });
  // The rollout's drawer follows it live until it pauses itself.
  await page.getByTestId('menu-/ota-upgrade/history').click();
  await page.getByTestId(`rollout-open-${secondId}`).click();
  await shotOnFailure(page, 'journey-pause-alert', () => page.getByTestId('pause-alert').waitFor({ timeout: 60000 }));
  await page.getByTestId('pause-alert').getByText(/finished devices failed, more than the abort threshold of 50%/).waitFor();
  await page.screenshot({ path: join(shots, 'journey-06-stopped-at-threshold.png') });
  await page.context().close();
  await platform.context().close();
});
