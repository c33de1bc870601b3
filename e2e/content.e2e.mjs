// End-to-end: the content remote (and the customer-service FAQ it files entries for) in the
// production build against the host with the built plugins and a local SMTP sink: an operator
// creates an FAQ group and files two questions in it, answers an app user's feedback by e-mail
// (the mail arrives with the answer), publishes an agreement and adds a product's manual, each
// seen in its list and, for the agreement and the manual, as the app reads them.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { ADMIN_PASSWORD, answerConfirm, choose, png, PRODUCT_GRANTS, productPlugin, shotOnFailure, shots, startConsole, startSmtpSink } from './harness.mjs';

let console_;
let sink;

/** A mail's text as a reader sees it: SMTP dot-stuffing undone, quoted-printable decoded (the
 * host's mailer quotes an HTML body with lines longer than 76 characters). */
function readable(data) {
  const unstuffed = data
    .split('\n')
    .map((line) => (line.startsWith('..') ? line.slice(1) : line))
    .join('\n');
  return unstuffed.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
}

before(async () => {
  sink = await startSmtpSink();
  const port = sink.port;
  // The grants of the project's plugins.toml; the messaging plugin's mail server is the sink.
  console_ = await startConsole([
    productPlugin('product', PRODUCT_GRANTS),
    productPlugin('app', 'uses = ["product-service"]\nfiles = true'),
    productPlugin('messaging', `template = true\nmail_servers = ["127.0.0.1:${port}"]\ntimeout_ms = 10000`),
    productPlugin('customer-service', 'uses = ["product-service", "app-service"]\nfiles = true\ntimeout_ms = 30000'),
    productPlugin('content', 'uses = ["product-service", "message-service"]\nfiles = true'),
  ]);
});

after(async () => {
  await console_?.close();
  sink?.server.close();
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

test('an operator files FAQs in a new group, answers feedback by e-mail, publishes an agreement and adds a manual', async () => {
  const { api, base, newPage, login } = console_;

  // Setup through the API, all before the browser signs in (its sign-in ends this session).
  const admin = (await api('/authority-service/authority/login', { userName: 'admin', password: ADMIN_PASSWORD })).token;
  // The enterprise the agreement is for.
  const enterprise = (await api('/authority-service/tenantInfo/add', { tenantName: 'Initech', fullName: 'Initech Ltd', abbrEn: 'INITECH', creditCode: '913501005700000159' }, admin)).id;
  // A product with a released model: the products a manual can be for (the product e2e test drives these pages).
  const uploaded = await (await fetch(`${base}/api/files/upload/product-service/category-picture?fileName=c.png`, { method: 'POST', headers: { authorization: admin }, body: png(168) })).json();
  assert.equal(uploaded.code, 200, JSON.stringify(uploaded));
  const category = await api('/product-service/categories', { name: 'Robot vacuums', identifier: 'robot-vacuum', region: 'asia', picture: uploaded.data.uploadId }, admin);
  const events = [{ identifier: 'full', name: 'Bin full', eventType: 'alert' }];
  const template = await api('/product-service/templates', { name: 'Robot vacuum', versionName: '1', description: 'd', remark: 'r', developmentMethod: 'custom', transportProtocol: 'mqtt', categoryId: category.id, cleaningExpiryDays: 365, content: { events } }, admin);
  await api(`/product-service/templates/${template.id}/publish`, {}, admin);
  const product = await api('/product-service/products', { name: 'RV20', templateId: template.id, connection: 'bluetooth', bluetoothPrefix: 'RV', regions: ['asia'] }, admin);
  const model = await api('/product-service/models', { name: 'RV20', code: 'RV-20', aliasPrefix: 'RV', snSuffixDigits: 6, productIds: [product.id] }, admin);
  await api(`/product-service/models/${model.id}/release`, {}, admin);
  // The question type an FAQ needs (the customer-service e2e test does the same).
  await api('/customer-service/question-types', { name: 'Cleaning' }, admin);
  // The enterprise's mail server, the sink: the messaging e2e test drives its page.
  await api('/message-service/mail/servers', { serverName: 'Local relay', mailType: 'other', domain: '127.0.0.1', port: sink.port, ssl: false, tls12: false, senderAddress: 'noreply@console.test', senderName: 'Device Console', password: 'relay-password' }, admin);

  // Feedback is only ever sent by an app (POST /app/feedback, caller = "device"): the test sends
  // it as the app does, with the app plugin's device key (content serves it: device_keys_from).
  const key = (await api('/plugin-admin/device-keys/add', { pluginId: 'app', tenantId: 0, name: 'Robot Home app' }, admin)).key;
  const device = async (path, body) => {
    const response = await fetch(`${base}/api/device${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Device ${key}`, 'content-type': 'application/json', lang: 'en' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = await response.json();
    assert.equal(envelope.code, 200, `${path}: ${JSON.stringify(envelope)}`);
    return envelope.data;
  };
  const scene = 'The map is lost after every charge.';
  const feedback = await device('/content-service/app/feedback', { account: 'dan@example.com', contact: 'dan@example.com', routerModel: 'TP-Link AX55', smartScene: scene });

  const page = await newPage('en-US');
  await login(page, 'admin', ADMIN_PASSWORD);

  // 1. An FAQ group, then two questions filed in it on the customer-service FAQ page.
  await page.getByTestId('menu-/content/faqGroup').click();
  await page.getByTestId('add-faq-group').click();
  const groupForm = page.getByRole('dialog');
  await groupForm.locator('#modal_name').fill('Cleaning tips');
  await groupForm.locator('#modal_description').fill('Brushes, mops and the dust bin');
  await groupForm.getByRole('button', { name: /OK/ }).click();
  await groupForm.waitFor({ state: 'hidden' });
  const groupRow = page.getByTestId('faq-groups').locator('tbody tr', { hasText: 'Cleaning tips' });
  await shotOnFailure(page, 'content-faq-group', () => groupRow.getByText('Brushes, mops and the dust bin').waitFor());
  await page.screenshot({ path: join(shots, 'content-01-faq-group.png') });

  await page.getByTestId('menu-/customerService/faq').click();
  const questions = [
    ['How often do I replace the side brush?', 'Every three to six months, or when its bristles are bent.'],
    ['How do I empty the dust bin?', 'Press the latch on top of the robot and lift the bin out.'],
  ];
  for (const [question, answer] of questions) {
    await page.getByTestId('add-faq').click();
    const faq = page.getByRole('dialog');
    await faq.locator('#modal_question').fill(question);
    await faq.locator('#modal_answer').fill(answer);
    await choose(page, faq.getByTestId('faq-type'), 'Cleaning');
    await choose(page, faq.getByTestId('faq-language'), /\(en\)/);
    await faq.locator('#modal_groupId').fill('Cleaning tips');
    await faq.getByRole('button', { name: /OK/ }).click();
    await shotOnFailure(page, 'content-faq-saved', () => faq.waitFor({ state: 'hidden' }));
  }
  for (const [question] of questions) {
    const row = page.getByTestId('faqs').locator('tbody tr', { hasText: question });
    // Filed in the group, under its question type.
    await shotOnFailure(page, 'content-faq-row', async () => {
      await row.getByText('Cleaning tips', { exact: true }).waitFor();
      await row.getByText('Cleaning', { exact: true }).waitFor();
    });
  }
  await page.screenshot({ path: join(shots, 'content-02-faqs-in-group.png'), fullPage: true });

  // 2. The feedback answered: the reply is mailed to the contact, and the feedback completed.
  await page.getByTestId('menu-/content/feedback').click();
  const status = page.getByTestId(`status-${feedback.id}`);
  await shotOnFailure(page, 'content-feedback-listed', () => status.filter({ hasText: 'Incomplete' }).waitFor());
  await page.getByTestId(`reply-${feedback.id}`).click();
  const replyForm = page.getByRole('dialog');
  await replyForm.getByTestId('feedback-reply-hint').filter({ hasText: 'dan@example.com' }).waitFor();
  const replyText = 'Please update the app to 3.2: it keeps the map after charging.';
  await replyForm.locator('#modal_reply').fill(replyText);
  await replyForm.getByRole('button', { name: /OK/ }).click();
  await shotOnFailure(page, 'content-feedback-mailed', () => page.getByText('Reply sent by e-mail', { exact: true }).waitFor());
  await replyForm.waitFor({ state: 'hidden' });
  await status.filter({ hasText: 'Completed' }).waitFor();
  await page.getByTestId(`reply-text-${feedback.id}`).filter({ hasText: replyText }).waitFor();
  const feedbackRow = page.getByTestId('feedback').locator('tbody tr', { hasText: 'dan@example.com' }).first();
  await feedbackRow.getByRole('button', { name: /expand row/i }).click();
  await shotOnFailure(page, 'content-feedback-mail-status', () => page.getByTestId('feedback').locator('.ant-descriptions').getByText('Sent', { exact: true }).waitFor());
  await page.screenshot({ path: join(shots, 'content-03-feedback-replied.png') });

  let mail;
  for (let i = 0; i < 100 && !mail; i++) {
    mail = sink.inbox.find((m) => m.to.includes('dan@example.com'));
    if (!mail) await sleep(100);
  }
  assert.ok(mail, `the reply reached the sink: ${JSON.stringify(sink.inbox)}`);
  assert.deepEqual(mail.to, ['dan@example.com']);
  assert.match(mail.data, /^Subject: Re: your feedback$/m);
  const text = readable(mail.data);
  assert.ok(text.includes(replyText), `the mail holds the answer: ${text}`);
  assert.ok(text.includes(scene), `and the feedback it answers: ${text}`);

  // 3. An agreement published for the enterprise: listed, read in full, and served to the app.
  await page.getByTestId('menu-/content/agreement').click();
  await page.getByTestId('add-agreement').click();
  const agreementForm = page.getByRole('dialog');
  await choose(page, agreementForm.getByTestId('agreement-enterprise'), 'Initech');
  await choose(page, agreementForm.getByTestId('agreement-language'), 'English (en)');
  await choose(page, agreementForm.getByTestId('agreement-type'), 'Privacy policy');
  const policy = 'Initech keeps your cleaning maps on your robot.\nWe never sell your data.';
  await agreementForm.locator('#modal_content').fill(policy);
  await agreementForm.locator('#modal_address').fill('https://initech.example.com/privacy');
  await agreementForm.getByRole('button', { name: /OK/ }).click();
  await shotOnFailure(page, 'content-agreement-saved', () => agreementForm.waitFor({ state: 'hidden' }));
  const agreementRow = page.getByTestId('agreements').locator('tbody tr', { hasText: 'Initech' });
  await shotOnFailure(page, 'content-agreement-listed', async () => {
    await agreementRow.locator('[data-testid^="type-"]').filter({ hasText: 'Privacy policy' }).waitFor();
    await agreementRow.getByText('English (en)').waitFor();
    await agreementRow.locator('a[href="https://initech.example.com/privacy"]').waitFor();
  });
  await agreementRow.locator('[data-testid^="show-"]').click();
  const full = page.getByTestId('agreement-full-content');
  await full.waitFor();
  assert.equal((await full.innerText()).trim(), policy, 'the whole text, its line break kept');
  await page.screenshot({ path: join(shots, 'content-04-agreement.png') });
  await answerConfirm(page);
  await full.waitFor({ state: 'hidden' });
  const served = await device(`/content-service/app/agreement?enterpriseId=${enterprise}&language=en&type=privacy`);
  assert.deepEqual([served.content, served.address], [policy, 'https://initech.example.com/privacy']);

  // 4. A manual for the product: an address that is no link is refused in the form, then it is listed and served.
  await page.getByTestId('menu-/content/manual').click();
  await page.getByTestId('add-manual').click();
  const manualForm = page.getByRole('dialog');
  await choose(page, manualForm.getByTestId('manual-product'), 'RV20');
  await choose(page, manualForm.getByTestId('manual-language'), 'English (en)');
  await manualForm.locator('#modal_address').fill('manuals.example.com/rv20-en.pdf');
  await manualForm.getByRole('button', { name: /OK/ }).click();
  await shotOnFailure(page, 'content-manual-link', () => manualForm.getByText('An address starting with http:// or https://, without spaces').waitFor());
  const manualAddress = 'https://manuals.example.com/rv20-en.pdf';
  await manualForm.locator('#modal_address').fill(manualAddress);
  await manualForm.getByRole('button', { name: /OK/ }).click();
  await shotOnFailure(page, 'content-manual-saved', () => manualForm.waitFor({ state: 'hidden' }));
  const manualRow = page.getByTestId('manuals').locator('tbody tr', { hasText: 'RV20' });
  await shotOnFailure(page, 'content-manual-listed', async () => {
    await manualRow.getByText('English (en)').waitFor();
    await manualRow.locator(`a[href="${manualAddress}"]`).waitFor();
  });
  await page.screenshot({ path: join(shots, 'content-05-manual.png') });
  const manual = await device(`/content-service/app/manual?productId=${encodeURIComponent(product.id)}&language=en`);
  assert.equal(manual.address, manualAddress);
  await page.context().close();
});
