// End-to-end: devices over MQTT. The simulator's devices activate over HTTP and then
// speak MQTT to the console's embedded gateway (`devsim --mqtt`): an engineer watches one
// report over MQTT and sets a property from the device page; the device hears it on its command
// topic and its answer on the reply topic reaches the page.
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { ADMIN_PASSWORD, DEVICE_GRANTS, freePort, PRODUCT_GRANTS, productPlugin, shotOnFailure, shots, startConsole, startDevsim } from './harness.mjs';

let console_;
let devsim;

before(async () => {
  const mqttPort = await freePort();
  console_ = await startConsole(
    [
      productPlugin('product', PRODUCT_GRANTS),
      productPlugin('device', DEVICE_GRANTS),
    ],
    { CONSOLE_MQTT_LISTEN: `127.0.0.1:${mqttPort}` },
  );
  devsim = await startDevsim(console_, ['--code', 'RV-Q1', '--devices', '2', '--interval-ms', '800', '--offline-percent', '0', '--mqtt', `127.0.0.1:${mqttPort}`]);
});

after(async () => {
  devsim?.kill();
  await console_?.close();
});

test('a property set from the device page reaches an MQTT device, and its answer reaches the page', async () => {
  const { newPage, login } = console_;
  const page = await newPage('en-US');
  await login(page, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-/device-manage/deviceInfo').click();
  const list = page.getByTestId('devices');
  await list.locator('tbody tr', { hasText: 'RVQ10001' }).getByText('Online').waitFor();

  await page.getByTestId('device-RVQ10001').click();
  const drawer = page.getByTestId('device-drawer');
  await drawer.getByRole('tab', { name: 'Properties' }).click();
  // Reported on /sys/{productKey}/RVQ10001/thing/event/property/post.
  await shotOnFailure(page, 'mqtt-reported', () => drawer.getByTestId('value-battery').filter({ hasText: /^\d+ %$/ }).waitFor({ timeout: 20000 }));

  await drawer.getByRole('tab', { name: 'Control' }).click();
  await drawer.getByTestId('control-feature').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Set property: Suction' }).click();
  await drawer.getByTestId('control-suction').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'turbo (3)' }).click();
  await drawer.getByTestId('control-send').click();
  await shotOnFailure(page, 'mqtt-answer', () => page.getByText('The device carried out the command.').waitFor({ timeout: 20000 }));
  await drawer.getByTestId('device-commands').getByText('Done').first().waitFor();
  await page.screenshot({ path: join(shots, 'mqtt-command-done.png') });
});
