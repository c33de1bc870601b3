// End-to-end: the customer-service remote in the production build against the host with the
// built plugins: an operator sees the FAQ, creates the full-text index and imports the FAQs into
// it, tries a question in Chinese and one in English and sees the answers found, then
// empties the index after confirming.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { ADMIN_PASSWORD, PRODUCT_GRANTS, productPlugin, sessionOf, shotOnFailure, shots, startConsole } from './harness.mjs';

let console_;

before(async () => {
  console_ = await startConsole([
    productPlugin('product', PRODUCT_GRANTS),
    productPlugin('app', 'uses = ["product-service"]\nfiles = true'),
    productPlugin('customer-service', 'uses = ["product-service", "app-service"]\nfiles = true\ntimeout_ms = 30000'),
  ]);
});

after(async () => {
  await console_?.close();
});

test('an operator indexes the FAQ and tries questions in Chinese and English', async () => {
  const { api, newPage, login } = console_;
  const admin = (await api('/authority-service/authority/login', { userName: 'admin', password: ADMIN_PASSWORD })).token;
  const type = await api('/customer-service/question-types', { name: 'Reset' }, admin);
  for (const [question, answer, language] of [
    ['扫地机器人如何重置', '长按电源键十秒即可恢复出厂设置。', 'zhCn'],
    ['How do I reset the robot?', 'Hold the power button for ten seconds.', 'en'],
    ['Connecting to Wi-Fi', 'Open the app and add the robot.', 'en'],
  ]) {
    await api('/customer-service/faqs', { question, answer, questionTypeId: type.id, role: '', sortWeight: 0, language }, admin);
  }

  const page = await newPage('en-US');
  await login(page, 'admin', ADMIN_PASSWORD);
  await page.getByTestId('menu-/customerService/faq').click();
  await shotOnFailure(page, 'faq-index', async () => {
    await page.getByTestId('faqs').getByText('How do I reset the robot?').waitFor();
    await page.getByTestId('faq-index-create').click();
    await page.getByTestId('faq-index-import').click();
    await page.getByTestId('faq-index-documents').filter({ hasText: '3' }).waitFor();
  });

  await shotOnFailure(page, 'faq-try', async () => {
    const ask = page.getByTestId('faq-try-input').locator('input');
    await ask.fill('机器人怎么重置');
    await ask.press('Enter');
    await page.getByTestId('faq-try-results').getByText('扫地机器人如何重置').waitFor();
    await ask.fill('wifi');
    await ask.press('Enter');
    const results = page.getByTestId('faq-try-results');
    await results.getByText('Connecting to Wi-Fi').waitFor();
    assert.equal(await results.getByText('How do I reset the robot?').count(), 0, 'only what the question finds');
  });
  await page.screenshot({ path: join(shots, 'customer-service-faq.png'), fullPage: true });

  // Emptying the index is confirmed first; afterwards it holds nothing.
  await page.getByTestId('faq-index-clear').click();
  await page.locator('.ant-modal-confirm, .ant-popconfirm').getByRole('button', { name: /OK|Confirm|Empty|确\s*定/ }).last().click();
  await page.getByTestId('faq-index-documents').filter({ hasText: /^0$/ }).waitFor();
  // The browser's sign-in ended the first session: ask with the page's.
  const state = await api('/customer-service/faq-index', undefined, await sessionOf(page), undefined, 'GET');
  assert.equal(state.documents, 0);
});
