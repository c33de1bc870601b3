// End-to-end: the product remote in the production build against the host with the built
// product.wasm: a category with its picture (a picture without transparency refused by the
// server), a consumable, a template whose thing model has an enum, a struct and an array built
// through the parameter editor, then published, and a product model, released.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { ADMIN_PASSWORD, answerConfirm, choose, png, PRODUCT_GRANTS, productPlugin, shotOnFailure, shots, startConsole, submit } from './harness.mjs';

let console_;

before(async () => {
  console_ = await startConsole([productPlugin('product', PRODUCT_GRANTS)]);
});

after(async () => {
  await console_?.close();
});

test('a product engineer builds a category, a consumable and a thing model, and publishes it', async () => {
  const { work, newPage, login } = console_;
  const opaque = join(work, 'opaque.png');
  const transparent = join(work, 'vacuum.png');
  writeFileSync(opaque, png(168, false));
  writeFileSync(transparent, png(168, true));
  const page = await newPage('en-US');
  await login(page, 'admin', ADMIN_PASSWORD);

  // A category: the server reads the picture itself and refuses one without transparency.
  await page.getByTestId('menu-/product-manage/classify').click();
  await page.getByTestId('add-category').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('#modal_name').fill('Robot vacuums');
  await dialog.locator('#modal_identifier').fill('robot-vacuum');
  await dialog.locator('input[type=file]').setInputFiles(opaque);
  await dialog.getByText(/opaque\.png/).waitFor();
  await dialog.getByRole('button', { name: /OK/ }).click();
  await shotOnFailure(page, 'product-picture', () => dialog.getByText(/a transparent PNG image of 168×168 px/).waitFor());
  await page.screenshot({ path: join(shots, 'product-00-picture-refused.png') });
  await dialog.locator('input[type=file]').setInputFiles(transparent);
  await dialog.getByText(/vacuum\.png/).waitFor();
  await submit(dialog);
  const categories = page.getByTestId('product-categories');
  await categories.getByText('robot-vacuum').waitFor();

  // Its consumables.
  await page.getByTestId('consumables-Robot vacuums').click();
  await page.getByTestId('add-consumable').click();
  const consumable = page.getByRole('dialog').last();
  await consumable.getByTestId('consumable-identifier').fill('reservedSideBrush');
  await consumable.getByTestId('consumable-name').fill('Side brush');
  await consumable.getByTestId('consumable-lifetime').fill('300');
  await consumable.getByRole('button', { name: /OK/ }).click();
  await page.getByTestId('product-consumables').getByText('reservedSideBrush').waitFor();
  await page.screenshot({ path: join(shots, 'product-01-consumables.png') });
  await page.locator('.ant-drawer-close').click();
  await page.locator('.ant-drawer-mask').waitFor({ state: 'detached' });

  // A unit for the editor's unit list.
  await page.getByTestId('menu-/product-manage/template').click();
  await page.getByTestId('open-units').click();
  await page.getByTestId('product-units').getByRole('button', { name: /Add unit/ }).click();
  const unit = page.getByRole('dialog').last();
  await unit.locator('#modal_symbol').fill('cm');
  await unit.locator('#modal_name').fill('Centimetre');
  await unit.getByRole('button', { name: /OK/ }).click();
  await page.getByTestId('product-units').getByText('Centimetre').waitFor();
  await page.locator('.ant-drawer-close').last().click();
  await page.locator('.ant-drawer-mask').waitFor({ state: 'detached' });
  await page.getByTestId('add-template').click();
  const template = page.getByRole('dialog').first();
  await template.getByTestId('template-name').fill('Robot vacuum');
  await template.getByTestId('template-version').fill('1.0.0');
  await choose(page, template.locator('#modal_categoryId'), 'Robot vacuums');
  await template.getByTestId('template-description').fill('Robot vacuums with a mop');
  await template.getByTestId('template-remark').fill('first draft');

  // An enum property through the parameter editor.
  const editor = () => page.getByRole('dialog').last();
  await template.getByTestId('property-add').click();
  await choose(page, editor().getByTestId('param-type'), 'Enumeration');
  await editor().getByTestId('param-identifier').fill('mode');
  await editor().getByTestId('param-name').fill('Mode');
  await editor().getByTestId('enum-value-0').fill('0');
  await editor().getByTestId('enum-text-0').fill('quiet');
  await editor().getByTestId('enum-add').click();
  await editor().getByTestId('enum-value-1').fill('1');
  await editor().getByTestId('enum-text-1').fill('turbo');
  await editor().getByRole('button', { name: /OK/ }).click();
  await template.getByText('enum {0:quiet, 1:turbo}').waitFor();

  // A struct property: its member added through a nested editor.
  await template.getByTestId('property-add').click();
  await choose(page, editor().getByTestId('param-type'), 'Struct');
  await editor().getByTestId('param-identifier').fill('position');
  await editor().getByTestId('param-name').fill('Position');
  await editor().getByTestId('member-add').click();
  await choose(page, editor().getByTestId('param-type'), 'Integer');
  await editor().getByTestId('param-identifier').fill('x');
  await editor().getByTestId('param-name').fill('X');
  await choose(page, editor().getByTestId('param-unit'), 'cm');
  await editor().getByRole('button', { name: /OK/ }).click();
  await editor().getByText('int cm').waitFor();
  await editor().getByRole('button', { name: /OK/ }).click();
  await template.getByText('struct {x}').waitFor();

  // An array: OK before its element type is saved is refused, and the dialog stays.
  await template.getByTestId('property-add').click();
  await choose(page, editor().getByTestId('param-type'), 'Array');
  await editor().getByTestId('param-identifier').fill('rooms');
  await editor().getByTestId('param-name').fill('Rooms cleaned');
  await editor().getByRole('button', { name: /OK/ }).click();
  await shotOnFailure(page, 'product-array', () => page.getByText('Please save the array information.').waitFor());
  await page.screenshot({ path: join(shots, 'product-02-array-refused.png') });
  await choose(page, editor().getByTestId('element-type'), 'String');
  await editor().getByTestId('param-length').fill('32');
  await editor().getByRole('button', { name: /OK/ }).click();
  await template.getByText('array<string>').waitFor();
  await page.screenshot({ path: join(shots, 'product-03-thing-model.png') });

  await template.getByRole('button', { name: /OK/ }).last().click();
  const templates = page.getByTestId('product-templates');
  const row = templates.locator('tbody tr', { hasText: 'Robot vacuum' });
  await shotOnFailure(page, 'product-template', () => row.getByText('Configuring').waitFor());
  await row.getByTestId('publish-Robot vacuum').click();
  await answerConfirm(page);
  await shotOnFailure(page, 'product-published', () => row.getByText('Published', { exact: true }).waitFor());
  await page.screenshot({ path: join(shots, 'product-04-published.png') });

  // A product model, released after its confirmation.
  await page.getByTestId('menu-/product-manage/product-modal').click();
  await page.getByTestId('add-model').click();
  const model = page.getByRole('dialog');
  await model.getByTestId('model-name').fill('RV20');
  await model.getByTestId('model-code').fill('RV-20');
  await model.getByTestId('model-alias').fill('RV');
  await model.getByTestId('model-digits').fill('6');
  await model.getByRole('button', { name: /OK/ }).click();
  const modelRow = page.getByTestId('product-models').locator('tbody tr', { hasText: 'RV-20' });
  await modelRow.getByText('Configuring').waitFor();
  await modelRow.getByTestId('release-RV20').click();
  await answerConfirm(page);
  await shotOnFailure(page, 'product-model', () => modelRow.getByText('Published', { exact: true }).waitFor());
  await page.screenshot({ path: join(shots, 'product-05-model-released.png') });

  // Its SN rules: a sort number used twice is refused with the duplicate-sort prompt.
  await modelRow.getByTestId('sn-rules-RV20').click();
  for (const [attribute, options] of [['factory', 'SZ, HZ'], ['line', 'L1, L2']]) {
    await page.getByTestId('add-sn-rule').click();
    const rule = page.getByRole('dialog').last();
    await rule.locator('#modal_formName').fill(attribute === 'factory' ? 'Factory' : 'Line');
    await rule.locator('#modal_attribute').fill(attribute);
    await choose(page, rule.locator('#modal_inputMethod'), 'Drop-down');
    await rule.locator('#modal_options').fill(options);
    await rule.locator('#modal_sort').fill('1');
    await rule.getByRole('button', { name: /OK/ }).click();
    if (attribute === 'line') {
      await shotOnFailure(page, 'product-sn-sort', () => rule.getByText('The sort number 1 is already used.').waitFor());
      await page.screenshot({ path: join(shots, 'product-05b-sn-rule-duplicate-sort.png') });
      await rule.getByRole('button', { name: /Cancel/ }).click();
    }
  }
  await page.getByTestId('product-sn-rules').getByText('SZ, HZ').waitFor();
  await page.locator('.ant-drawer-close').click();
  await page.locator('.ant-drawer-mask').waitFor({ state: 'detached' });

  // A product on the published template, with its pairing picture.
  const pairing = join(work, 'pairing.png');
  writeFileSync(pairing, png(480, true));
  await page.getByTestId('menu-/product-manage/product').click();
  await page.getByTestId('add-product').click();
  const form = page.getByRole('dialog');
  await form.getByTestId('product-name').fill('RV20');
  await choose(page, form.getByTestId('product-template'), 'Robot vacuum');
  await form.getByTestId('product-hotspot').fill('RV-AP');
  await form.getByRole('tab', { name: 'Pairing guide' }).click();
  await form.getByTestId('upload-pairingPicture').locator('..').locator('input[type=file]').setInputFiles(pairing);
  await form.getByText(/pairing\.png/).waitFor();
  await form.getByRole('button', { name: /OK/ }).click();
  await shotOnFailure(page, 'product-product', () => page.getByTestId('product-products').getByText('RV20').waitFor());
  await page.screenshot({ path: join(shots, 'product-06-products.png') });

  // The model's SNs are activated as that product: it is related in the model's form (without
  // it, activation refuses every SN of the model), and an edit keeps what else was there.
  await page.getByTestId('menu-/product-manage/product-modal').click();
  const linkedRow = page.getByTestId('product-models').locator('tbody tr', { hasText: 'RV-20' });
  await linkedRow.getByText('Edit', { exact: true }).click();
  const linking = page.getByRole('dialog');
  await choose(page, linking.getByTestId('model-products'), 'RV20');
  await linking.getByRole('button', { name: /OK/ }).click();
  await shotOnFailure(page, 'product-model-products', () => linkedRow.locator('.ant-tag', { hasText: 'RV20' }).waitFor());
  // The row is read again from the server after the save: the link is stored, the model still released.
  await linkedRow.getByText('Published', { exact: true }).waitFor();

  // An SN group generated by the model's rule, downloaded as Excel, its SNs looked up.
  await page.getByTestId('menu-/product-manage/product-sn').click();
  await page.getByTestId('generate-sn-group').click();
  const generate = page.getByRole('dialog');
  await generate.getByTestId('sn-group-label').fill('Line A');
  await choose(page, generate.getByTestId('sn-group-model'), 'RV20');
  await choose(page, generate.getByTestId('rule-factory'), 'SZ');
  await generate.getByTestId('sn-group-count').fill('50');
  await generate.getByRole('button', { name: /OK/ }).click();
  const groupRow = page.getByTestId('sn-groups').locator('tbody tr', { hasText: 'Line A' });
  await shotOnFailure(page, 'product-sn-group', () => groupRow.getByText('RVSZ000001 – RVSZ000050').waitFor());
  await generate.waitFor({ state: 'hidden' });
  await page.screenshot({ path: join(shots, 'product-09-sn-groups.png') });
  const [download] = await Promise.all([page.waitForEvent('download'), groupRow.getByTestId('export-Line A').click()]);
  assert.equal(download.suggestedFilename(), 'Line_A-SN.xlsx');
  const workbook = readFileSync(await download.path());
  assert.equal(workbook.subarray(0, 2).toString('latin1'), 'PK', 'a zip container');
  assert.ok(workbook.includes('xl/worksheets/sheet1.xml'), 'with a worksheet');

  // Eleven SNs entered by hand ask for the risk to be confirmed first.
  await page.getByTestId('enter-sns').click();
  const enter = page.getByRole('dialog');
  await enter.getByTestId('sn-group-label').fill('Spares');
  await choose(page, enter.getByTestId('sn-group-model'), 'RV20');
  await enter.locator('#modal_sns').fill(Array.from({ length: 11 }, (_, i) => `SP-${i + 1}`).join('\n'));
  await enter.getByRole('button', { name: /OK/ }).click();
  const risk = page.locator('.ant-modal-confirm');
  await risk.locator('.ant-modal-confirm-title', { hasText: 'The number has exceeded 10' }).waitFor();
  await page.screenshot({ path: join(shots, 'product-10-sn-risk.png') });
  await risk.getByRole('button', { name: 'Continue' }).click();
  await page.getByTestId('sn-groups').locator('tbody tr', { hasText: 'Spares' }).getByText('SP-1 – SP-11').waitFor();

  await groupRow.getByTestId('sns-of-Line A').click();
  await page.getByTestId('sn-group-filter').getByText('Group: Line A').waitFor();
  await page.getByTestId('sn-query-sn').fill('RVSZ000042');
  await page.getByTestId('sn-query').getByRole('button', { name: /Search|Query/ }).first().click();
  await shotOnFailure(page, 'product-sn-query', () => page.getByTestId('sn-query').locator('tbody tr', { hasText: 'RVSZ000042' }).waitFor());
  await page.screenshot({ path: join(shots, 'product-11-sn-query.png') });
  await page.context().close();
});

test('an engineer applies for a product status and another user approves it in the process centre', async () => {
  const { base, api, newPage, login } = console_;
  const admin = (await api('/authority-service/authority/login', { userName: 'admin', password: ADMIN_PASSWORD })).token;
  const tenant = String((await api('/authority-service/tenantInfo/add', { tenantName: 'Initech', fullName: 'Initech Ltd', abbrEn: 'INITECH', creditCode: '913501005700000159' }, admin)).id);
  const buttons = await api('/authority-service/button/list', { pageSize: 500, keyword: 'product:' }, admin);
  const grant = async (name, actions) => {
    const role = await api('/authority-service/role/add', { name, roleType: 'ordinary' }, admin, tenant);
    await api('/authority-service/role/grant', { id: role.id, buttonIds: buttons.list.filter((b) => actions.includes(b.action)).map((b) => b.id) }, admin, tenant);
    return role.id;
  };
  const account = async (userName, roleId) =>
    api('/authority-service/account/add', { userName, name: userName, accountType: 'development', phone: '+86-13800000000', email: 'staff@example.com', roleIds: [roleId], password: 'Work#2026', confirmPassword: 'Work#2026' }, admin, tenant);
  await account('engineer', await grant('engineers', ['product:category:add', 'product:template:add', 'product:template:publish', 'product:product:view', 'product:product:add', 'product:audit:apply', 'product:audit:view']));
  await account('auditor', await grant('auditors', ['product:audit:view', 'product:audit:decide']));
  const engineer = (await api('/authority-service/authority/login', { userName: 'engineer@INITECH', password: 'Work#2026' })).token;

  // The engineer's product, made through the API: the first test drove these pages.
  const uploaded = await (await fetch(`${base}/api/files/upload/product-service/category-picture?fileName=c.png`, { method: 'POST', headers: { authorization: engineer }, body: png(168, true) })).json();
  const category = await api('/product-service/categories', { name: 'Litter boxes', identifier: 'litter', region: 'asia', picture: uploaded.data.uploadId }, engineer);
  const events = [{ identifier: 'full', name: 'Bin full', eventType: 'alert' }];
  const template = await api('/product-service/templates', { name: 'Litter box', versionName: '1', description: 'd', remark: 'r', developmentMethod: 'custom', transportProtocol: 'mqtt', categoryId: category.id, cleaningExpiryDays: 365, content: { events } }, engineer);
  await api(`/product-service/templates/${template.id}/publish`, {}, engineer);
  await api('/product-service/products', { name: 'LB1', templateId: template.id, connection: 'bluetooth', bluetoothPrefix: 'LB', regions: ['asia'] }, engineer);

  const page = await newPage('en-US');
  await login(page, 'engineer@INITECH', 'Work#2026');
  await page.getByTestId('menu-/product-manage/product').click();
  await shotOnFailure(page, 'product-apply', () => page.getByTestId('apply-LB1').click({ timeout: 8000 }));
  const dialog = page.getByRole('dialog');
  await choose(page, dialog.getByTestId('apply-status'), 'In development');
  await dialog.locator('textarea').fill('firmware 1.0 is ready');
  await dialog.getByRole('button', { name: /OK/ }).click();
  await page.getByText('Application submitted').waitFor();
  await page.context().close();

  const reviewer = await newPage('en-US');
  await login(reviewer, 'auditor@INITECH', 'Work#2026');
  await reviewer.getByTestId('menu-/process-center/task-waiting').click();
  const row = reviewer.getByTestId('process-waiting').locator('tbody tr', { hasText: 'LB1' });
  await shotOnFailure(reviewer, 'product-waiting', () => row.getByText(/Product status/).waitFor());
  await reviewer.screenshot({ path: join(shots, 'product-07-process-waiting.png') });
  await row.getByRole('button', { name: 'Approve' }).click();
  const decide = reviewer.getByRole('dialog');
  await decide.locator('#modal_comment').fill('tested on 20 units');
  await decide.getByRole('button', { name: /OK/ }).click();
  await row.waitFor({ state: 'detached' });

  await reviewer.getByTestId('menu-/product-manage/product-audit').click();
  const audited = reviewer.getByTestId('product-audit').locator('tbody tr', { hasText: 'LB1' });
  await shotOnFailure(reviewer, 'product-audit', () => audited.getByText('Approved').waitFor());
  await audited.getByText('Unpublished → In development').waitFor();
  await reviewer.screenshot({ path: join(shots, 'product-08-audit.png') });
  await reviewer.context().close();
});
