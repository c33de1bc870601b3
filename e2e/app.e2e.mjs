// End-to-end: the app remote in the production build against the host with the built app and
// product plugins: an operator creates a project and an app product, imports the project's copy
// from Excel and sees what is complete, publishes after the empty-copy question, has a
// questionnaire refused for its address and then accepted after its preview, and generates a
// QR code.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { ADMIN_PASSWORD, choose, PRODUCT_GRANTS, productPlugin, shotOnFailure, shots, startConsole } from './harness.mjs';

let console_;

before(async () => {
  console_ = await startConsole([
    productPlugin('product', PRODUCT_GRANTS),
    productPlugin('app', 'uses = ["product-service"]\nfiles = true'),
  ]);
});

after(async () => {
  await console_?.close();
});

/** An Excel workbook of `rows`, written by Python's standard library (a zip of XML parts). */
function workbook(path, rows) {
  const script = `
import sys, json, zipfile
from xml.sax.saxutils import escape
rows = json.loads(sys.argv[2])
def col(i):
    s = ''
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        s = chr(65 + r) + s
    return s
cells = ''.join('<row r="%d">%s</row>' % (r + 1, ''.join('<c r="%s%d" t="inlineStr"><is><t>%s</t></is></c>' % (col(c), r + 1, escape(v)) for c, v in enumerate(row))) for r, row in enumerate(rows))
parts = {
 '[Content_Types].xml': '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
 '_rels/.rels': '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
 'xl/workbook.xml': '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Copy" sheetId="1" r:id="rId1"/></sheets></workbook>',
 'xl/_rels/workbook.xml.rels': '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
 'xl/worksheets/sheet1.xml': '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>%s</sheetData></worksheet>' % cells,
}
with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:
    for name, text in parts.items():
        z.writestr(name, text)
`;
  execFileSync('python3', ['-c', script, path, JSON.stringify(rows)]);
}

test('an operator sets up an app project, its copy, a questionnaire and a QR code', async () => {
  const { api, newPage, login, work } = console_;
  const admin = (await api('/authority-service/authority/login', { userName: 'admin', password: ADMIN_PASSWORD })).token;
  await api('/authority-service/tenantInfo/add', { tenantName: 'Robotics', fullName: 'Robotics Ltd', abbrEn: 'ROBO', creditCode: '913501005700000159' }, admin);

  const page = await newPage('en-US');
  await login(page, 'admin', ADMIN_PASSWORD);

  // A project of the enterprise, written in Chinese, English and German.
  await page.getByTestId('menu-/app-manage/project').click();
  await page.getByTestId('add-project').click();
  let dialog = page.getByRole('dialog');
  await dialog.getByTestId('project-name').fill('RobotHome');
  await choose(page, dialog.getByTestId('project-region'), 'Europe');
  await choose(page, dialog.getByTestId('project-enterprise'), 'Robotics');
  const period = dialog.getByTestId('project-period');
  await period.first().click();
  await period.first().fill('2026-01-01');
  await page.keyboard.press('Enter');
  await period.last().fill('2026-12-31');
  await page.keyboard.press('Enter');
  // Chinese and English are there already; German too.
  await choose(page, dialog.getByTestId('project-languages'), 'German');
  await dialog.getByTestId('project-name').click();
  await dialog.getByTestId('appSecret-generate').click();
  await dialog.getByRole('button', { name: /OK/ }).click();
  await shotOnFailure(page, 'app-project', () => page.getByTestId('projects').getByText('RobotHome').waitFor());

  // An app product.
  await page.getByTestId('menu-/app-manage/app-product').click();
  await page.getByTestId('add-app-product').click();
  dialog = page.getByRole('dialog');
  await dialog.getByTestId('app-product-name').fill('Robot Home');
  await dialog.getByTestId('app-name').fill('Robot Home');
  await dialog.getByTestId('app-code').fill('robot_home');
  await dialog.getByTestId('platform-code').fill('android');
  await dialog.getByTestId('privacy-link').fill('https://example.com/privacy');
  await dialog.getByTestId('secret-generate').click();
  await dialog.getByRole('button', { name: /OK/ }).click();
  await shotOnFailure(page, 'app-code', () => dialog.getByText('The app code cannot contain an underscore.').first().waitFor());
  await dialog.getByTestId('app-code').fill('robot-home');
  await dialog.getByRole('button', { name: /OK/ }).click();
  await page.getByTestId('app-products').getByText('robot-home').waitFor();

  // The project's copy from Excel: one entry has no German yet.
  await page.getByTestId('menu-/app-manage/public').click();
  await page.getByTestId('copy-library').getByText('Project').click();
  await choose(page, page.getByTestId('copy-project'), 'RobotHome');
  const file = join(work, 'copy.xlsx');
  workbook(file, [
    ['key1', 'key2', 'key3', 'keyDescription', 'functionType', 'functionCode', 'placeholderCount', 'zhCn', 'en', 'de'],
    ['home', 'title', '', 'The home screen', '', '', '', '首页', 'Home', 'Start'],
    ['home', 'greeting', '', 'Hello to the user', '', '', '1', '你好，{name}', 'Hello {name}', ''],
  ]);
  await page.getByTestId('import-excel').click();
  dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles(file);
  await dialog.getByText(/copy\.xlsx \(/).waitFor();
  await dialog.getByRole('button', { name: /OK/ }).click();
  const copies = page.getByTestId('copies');
  await shotOnFailure(page, 'app-copies', () => copies.getByTestId('complete-home.title').waitFor());
  assert.match(await copies.getByTestId('complete-home.title').textContent(), /^Complete/);
  assert.match(await copies.getByTestId('complete-home.greeting').textContent(), /Incomplete/);
  await page.screenshot({ path: join(shots, 'app-01-copies.png') });

  // Publishing asks about the empty copy first.
  await page.getByTestId('publish-copies').click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Publish' }).click();
  await shotOnFailure(page, 'app-publish', () => page.getByTestId('publish-empty-copy').waitFor());
  assert.match(await page.getByTestId('publish-empty-copy').textContent(), /Entries with empty copy: 1/);
  await page.locator('.ant-modal-confirm:has([data-testid="publish-empty-copy"])').getByRole('button', { name: 'Publish anyway' }).click();
  await page.getByTestId('bundle-de').waitFor();
  await page.screenshot({ path: join(shots, 'app-02-published.png') });
  await page.locator('.ant-modal-confirm:has([data-testid="published-bundles"])').getByRole('button', { name: /OK/ }).click();

  // A questionnaire: refused for its address, accepted after its preview.
  await page.getByTestId('menu-/app-manage/app-questionnaire').click();
  await page.getByTestId('add-questionnaire').click();
  dialog = page.getByRole('dialog');
  await choose(page, dialog.getByTestId('questionnaire-project'), 'RobotHome');
  await choose(page, dialog.getByTestId('questionnaire-app'), 'Robot Home');
  await dialog.getByTestId('questionnaire-name').fill('满意度调查1');
  await dialog.getByTestId('questionnaire-address').fill('survey.example.com');
  await dialog.getByTestId('questionnaire-interval').fill('0');
  await dialog.getByTestId('questionnaire-lifecycle').fill('30');
  await dialog.getByTestId('questionnaire-preview-open').click();
  await shotOnFailure(page, 'app-questionnaire-address', () => dialog.locator('.ant-form-item-explain-error').first().waitFor());
  await dialog.getByTestId('questionnaire-address').fill('https://survey.example.com/robot-home');
  await dialog.getByTestId('questionnaire-preview-open').click();
  await dialog.getByTestId('questionnaire-preview').waitFor();
  await page.screenshot({ path: join(shots, 'app-03-questionnaire-preview.png') });
  await dialog.getByTestId('preview-confirm').click();
  await shotOnFailure(page, 'app-questionnaire', () => page.getByTestId('questionnaires').getByText('满意度调查1').waitFor());

  // A QR code of the app's download address.
  await page.getByTestId('menu-/app-manage/app-qrcode').click();
  await page.getByTestId('add-qr').click();
  dialog = page.getByRole('dialog');
  await dialog.getByTestId('qr-label').fill('Robot Home download');
  await dialog.getByText('Download', { exact: true }).click();
  await dialog.getByTestId('qr-content').fill('https://example.com/robot-home.apk');
  await dialog.getByRole('button', { name: /OK/ }).click();
  const qr = page.getByTestId('qr-Robot Home download');
  await shotOnFailure(page, 'app-qr', () => qr.waitFor());
  assert.ok((await qr.evaluate((img) => img.naturalWidth)) > 0, 'the QR code is drawn');
  await page.screenshot({ path: join(shots, 'app-04-qr-code.png') });
  await page.context().close();
});
