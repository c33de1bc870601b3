// End-to-end: an app and its customer service, set up and run through the console's pages alone.
// The app and its end user are the only things no console page drives: the app reports its user
// and signs him in over the device API with the app's key, and the user chats in the web view
// the app opens. The platform administrator creates the enterprise, its app project and the app
// product; a question type and an FAQ answer in the full-text index; the agents' role, granted
// on the roles page, the agent's account and her seat; and the app's key, read once from the
// plugins page. He sets the reported user's password on the app users page. The user asks the
// bot and gets the FAQ's answer, asks for a person; the agent takes the chat, they write to each
// other, she files a work order from it and ends the chat; on her work orders page she
// dispatches the order to an engineer and closes it with a summary, which reaches the user, who
// rates it. The administrator's records show it closed and rated.
//
// The order is filed from the chat and the chat then ended without closing into it: ending with
// a summary ("close into a work order") closes the order at once (plugins/customer-service/src/
// workspace.rs `end`), and a closed order can be neither dispatched nor closed again
// (order_flow.rs). Dispatching (派单, "send to an engineer") and closing are the handler's own
// acts (work_orders.rs `apply`): the agent does them on "My work orders".
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { ADMIN_PASSWORD, choose, DEVICE_GRANTS, PRODUCT_GRANTS, productPlugin, shotOnFailure, shots, startConsole, submit } from './harness.mjs';

let console_;

before(async () => {
  console_ = await startConsole([
    productPlugin('product', PRODUCT_GRANTS),
    productPlugin('app', 'uses = ["product-service"]\nfiles = true'),
    productPlugin('device', DEVICE_GRANTS),
    productPlugin('customer-service', 'uses = ["product-service", "app-service", "device-service"]\nfiles = true\nevents = true\ntimeout_ms = 30000'),
  ]);
});

after(async () => {
  await console_?.close();
});

const USER = 'dan@example.com';
const QUESTION = 'How do I reset the robot?';
const ANSWER = 'Hold the power button for ten seconds.';
const SUMMARY = 'Replace the side brush; it is worn.';

test('an app user chats with the bot and an agent, and rates the work order dispatched and closed in the console', async () => {
  const { base, newPage, login } = console_;
  const admin = await newPage('en-US');
  await login(admin, 'admin', ADMIN_PASSWORD);

  // 1. The enterprise the app is made for, its app project and the app product.
  await admin.getByTestId('menu-/productGroup/tenantInfo').click();
  await admin.getByRole('button', { name: 'Add enterprise' }).click();
  const enterprise = admin.getByRole('dialog');
  await enterprise.locator('#modal_tenantName').fill('Robotics');
  await enterprise.locator('#modal_fullName').fill('Robotics Ltd');
  await enterprise.locator('#modal_abbrEn').fill('ROBO');
  await enterprise.locator('#modal_creditCode').fill('913501005700000159');
  await submit(enterprise);
  await shotOnFailure(admin, 'service-enterprise', () => admin.getByTestId('tenants').getByText('Robotics Ltd').waitFor());

  await admin.getByTestId('menu-/app-manage/project').click();
  await admin.getByTestId('add-project').click();
  const project = admin.getByRole('dialog');
  await project.getByTestId('project-name').fill('RobotHome');
  await choose(admin, project.getByTestId('project-region'), 'Europe');
  await choose(admin, project.getByTestId('project-enterprise'), 'Robotics');
  const period = project.getByTestId('project-period');
  await period.first().click();
  await period.first().fill('2026-01-01');
  await admin.keyboard.press('Enter');
  await period.last().fill('2027-12-31');
  await admin.keyboard.press('Enter');
  await project.getByTestId('appSecret-generate').click();
  await submit(project);
  const projectRow = admin.getByTestId('projects').locator('tbody tr', { hasText: 'RobotHome' });
  await shotOnFailure(admin, 'service-project', () => projectRow.getByText('Robotics', { exact: true }).waitFor());

  await admin.getByTestId('menu-/app-manage/app-product').click();
  await admin.getByTestId('add-app-product').click();
  const appProduct = admin.getByRole('dialog');
  await appProduct.getByTestId('app-product-name').fill('Robot Home');
  await appProduct.getByTestId('app-name').fill('Robot Home');
  await appProduct.getByTestId('app-code').fill('robot-home');
  await appProduct.getByTestId('platform-code').fill('android');
  await appProduct.getByTestId('privacy-link').fill('https://example.com/privacy');
  await appProduct.getByTestId('secret-generate').click();
  await submit(appProduct);
  await shotOnFailure(admin, 'service-app-product', () => admin.getByTestId('app-products').getByText('robot-home').waitFor());

  // 2. What the bot answers from: a question type, the FAQ index, and an FAQ written into it.
  await admin.getByTestId('menu-/customerService/questionType').click();
  await admin.getByTestId('add-type').click();
  const type = admin.getByRole('dialog');
  await type.getByTestId('type-name').fill('Cleaning');
  await submit(type);
  await shotOnFailure(admin, 'service-type', () => admin.getByTestId('question-types').getByText('Cleaning', { exact: true }).waitFor());

  await admin.getByTestId('menu-/customerService/faq').click();
  // The index first: while it exists, every FAQ saved is written into it.
  await admin.getByTestId('faq-index-create').click();
  await shotOnFailure(admin, 'service-index', () => admin.getByTestId('faq-index-exists').filter({ hasText: 'Created' }).waitFor());
  await admin.getByTestId('add-faq').click();
  const faq = admin.getByRole('dialog');
  await faq.getByTestId('faq-question').fill(QUESTION);
  await faq.getByTestId('faq-answer').fill(ANSWER);
  await choose(admin, faq.getByTestId('faq-type'), 'Cleaning');
  await choose(admin, faq.getByTestId('faq-language'), /\(en\)/);
  await submit(faq);
  await shotOnFailure(admin, 'service-faq', async () => {
    await admin.getByTestId('faqs').getByText(QUESTION).waitFor();
    await admin.getByTestId('faq-index-documents').filter({ hasText: /^1$/ }).waitFor();
  });

  // 3. The agents' role with the workspace's and the work orders' actions, and Ann, the agent.
  await admin.getByTestId('menu-/system/role').click();
  await admin.getByRole('button', { name: 'Add role' }).click();
  const role = admin.getByRole('dialog');
  await role.locator('#modal_name').fill('Agents');
  await submit(role);
  const roleRow = admin.locator('.console-content tbody tr', { hasText: 'Agents' });
  await shotOnFailure(admin, 'service-role', () => roleRow.waitFor());
  await roleRow.getByText('Permissions', { exact: true }).click();
  const grants = admin.locator('.ant-drawer', { hasText: 'Permissions of "Agents"' });
  // Serve chats; see and handle one's own work orders (assign, process, transfer, dispatch, summarise, close).
  for (const action of ['cs:chat:serve', 'cs:order:mine', 'cs:order:handle']) {
    const leaf = grants.locator('.ant-tree-treenode', { hasText: ` · ${action}` });
    await shotOnFailure(admin, 'service-grant-tree', () => leaf.locator('.ant-tree-checkbox').click());
    await leaf.locator('.ant-tree-checkbox-checked').waitFor();
  }
  await grants.locator('.ant-drawer-extra').getByRole('button', { name: 'Permissions' }).click();
  await shotOnFailure(admin, 'service-granted', () => grants.waitFor({ state: 'hidden' }));

  await admin.getByTestId('menu-/system/user').click();
  await admin.getByRole('button', { name: 'Add account' }).click();
  const account = admin.getByRole('dialog');
  // A platform account, as the app's users are the platform's own.
  await choose(admin, account.getByTestId('account-enterprise'), 'Platform');
  await account.locator('#modal_userName').fill('ann');
  await account.locator('#modal_name').fill('Ann');
  await choose(admin, account.locator('#modal_accountType'), 'Operation');
  await choose(admin, account.locator('#modal_roleIds'), 'Agents');
  // The multiple choice keeps its list open: a click on the title closes it.
  await account.locator('.ant-modal-title').click();
  await account.locator('#modal_phone').fill('+86-13800000000');
  await account.locator('#modal_email').fill('ann@example.com');
  await account.locator('#modal_password').fill('Work#2026');
  await account.locator('#modal_confirmPassword').fill('Work#2026');
  await submit(account);
  await shotOnFailure(admin, 'service-account', () => admin.locator('.console-content tbody tr', { hasText: 'ann' }).getByText('Ann', { exact: true }).waitFor());

  // 4. Her seat, on duty around the clock, one user at a time.
  await admin.getByTestId('menu-/customerService/seatList').click();
  await admin.getByTestId('add-seat').click();
  const seat = admin.getByRole('dialog');
  await seat.getByTestId('seat-number').fill('A01');
  await choose(admin, seat.getByTestId('seat-account'), 'Ann (ann)');
  await seat.getByTestId('seat-max-users').fill('1');
  const periodRow = seat.getByTestId('seat-period');
  await choose(admin, periodRow.locator('.ant-select'), 'Every day');
  await periodRow.getByTestId('seat-period-start').fill('00:00');
  await periodRow.getByTestId('seat-period-end').fill('24:00');
  await submit(seat);
  const seatRow = admin.getByTestId('seats').locator('tbody tr', { hasText: 'A01' });
  await shotOnFailure(admin, 'service-seat', () => seatRow.getByText('Every day 00:00–24:00').waitFor());

  // 5. The app's key, issued on the plugins page and shown this once.
  await admin.getByTestId('menu-/system-config/plugins').click();
  await admin.locator('.console-content tbody tr').filter({ has: admin.locator('.ant-tag', { hasText: /^app$/ }) }).getByText('Device keys').click();
  const keys = admin.getByTestId('device-keys');
  await keys.getByTestId('issue-device-key').click();
  const issue = admin.getByRole('dialog', { name: 'Issue a key' });
  await issue.locator('#modal_name').fill('Robot Home app');
  await submit(issue);
  const key = (await shotOnFailure(admin, 'service-key', () => keys.getByTestId('issued-device-key').innerText())).trim();
  assert.match(key, /^dk_[0-9a-f]{64}$/);
  await admin.locator('.ant-drawer-close').click();
  await keys.waitFor({ state: 'hidden' });

  // The app reports its user, as every app does when someone uses it.
  const device = async (path, body) => {
    const response = await fetch(`${base}/api/device${path}`, { method: 'POST', headers: { authorization: `Device ${key}`, 'content-type': 'application/json', lang: 'en' }, body: JSON.stringify(body) });
    const envelope = await response.json();
    assert.equal(envelope.code, 200, `${path}: ${JSON.stringify(envelope)}`);
    return envelope.data;
  };
  await device('/app-service/app/users/report', { username: USER, networkType: 'wifi', phoneModel: 'Pixel 9', appVersion: '3.1.0' });

  // The administrator sets the user's password on the app users page; the app signs him in with it.
  await admin.getByTestId('menu-/app-manage/app-user').click();
  await shotOnFailure(admin, 'service-app-user', () => admin.getByTestId(`reset-password-${USER}`).click());
  const password = admin.getByRole('dialog');
  await password.getByTestId('new-password').fill('robot2026');
  await password.getByTestId('confirm-password').fill('robot2026');
  await submit(password);
  await admin.getByTestId('app-users').locator('tbody tr', { hasText: USER }).getByText('Set', { exact: true }).waitFor();
  const userToken = (await device('/app-service/app/users/sign-in', { username: USER, password: 'robot2026' })).token;

  // Ann opens her workspace: her seat takes chats.
  const agent = await newPage('en-US');
  await login(agent, 'ann', 'Work#2026');
  await agent.getByTestId('menu-/customerService/serviceCenter').click();
  await shotOnFailure(agent, 'service-workspace', () => agent.getByTestId('workspace-seat-status').filter({ hasText: 'Free' }).waitFor());

  // Dan opens the customer centre in the app's web view; the bot answers from the FAQ.
  const user = await newPage('en-US');
  await user.setViewportSize({ width: 420, height: 860 });
  await user.goto(`${base}/remotes/customer-service/chat/#key=${encodeURIComponent(key)}&token=${encodeURIComponent(userToken)}&lang=en`);
  await shotOnFailure(user, 'service-bot', async () => {
    await user.getByTestId('enduser-state').filter({ hasText: 'Assistant' }).waitFor();
    await user.getByTestId('enduser-input').fill('reset robot');
    await user.getByTestId('enduser-input').press('Enter');
    const answer = user.getByTestId('enduser-message-bot').filter({ hasText: QUESTION });
    await answer.getByText(ANSWER).waitFor();
  });

  // He asks for a person: Ann's seat is free, so she has him at once.
  await user.getByTestId('enduser-human').click();
  await shotOnFailure(user, 'service-connected', () => user.getByTestId('enduser-state').filter({ hasText: 'With Ann' }).waitFor());
  await agent.getByTestId(`workspace-chat-${USER}`).click();
  await user.getByTestId('enduser-input').fill('My robot stops after a minute.');
  await user.getByTestId('enduser-input').press('Enter');
  await shotOnFailure(agent, 'service-agent-reads', () => agent.getByTestId('chat-messages').getByText('My robot stops after a minute.').waitFor());
  await agent.getByTestId('chat-input').fill('The side brush is probably worn: I am filing a work order.');
  await agent.getByTestId('chat-input').press('Enter');
  await shotOnFailure(user, 'service-user-reads', () => user.getByTestId('enduser-message-agent').getByText('The side brush is probably worn: I am filing a work order.').waitFor());

  // Ann files a work order from the chat: it is hers, in progress.
  await agent.getByTestId('chat-file-order').click();
  const filing = agent.getByRole('dialog');
  await filing.locator('#modal_description').fill('The robot stops after a minute.');
  await choose(agent, filing.getByTestId('chat-order-type'), 'Cleaning');
  await submit(filing);
  const filed = agent.locator('.ant-message-notice', { hasText: /Work order \S+ filed/ });
  await shotOnFailure(agent, 'service-filed', () => filed.waitFor());
  const number = /Work order (\S+) filed/.exec(await filed.innerText())[1];
  assert.match(number, /^WO\d{8}/);
  await agent.locator('.ant-card-head').getByText(number, { exact: true }).waitFor();

  // She ends the chat, leaving the order open ("close into a work order" would close it now).
  await agent.getByTestId('chat-end').click();
  const ending = agent.getByRole('dialog');
  await ending.getByTestId('chat-end-order').click();
  await ending.getByTestId('chat-end-summary').waitFor({ state: 'detached' });
  await submit(ending);
  await shotOnFailure(agent, 'service-ended', () => agent.getByTestId('chat-ended').waitFor());
  await user.getByTestId('enduser-state').filter({ hasText: 'Chat ended' }).waitFor();

  // On her work orders she dispatches the order to an engineer, then closes it with a summary.
  await agent.getByTestId('menu-/customerService/myOrderRecord').click();
  const status = agent.getByTestId(`order-status-${number}`);
  await shotOnFailure(agent, 'service-my-orders', () => status.filter({ hasText: 'In progress' }).waitFor());
  await agent.getByTestId(`order-engineer-${number}`).click();
  const dispatch = agent.getByRole('dialog');
  await dispatch.getByTestId('order-engineer').fill('Erik Lund');
  await dispatch.locator('#modal_note').fill('Bring a side brush.');
  await submit(dispatch);
  await shotOnFailure(agent, 'service-dispatched', () => agent.locator('.ant-message-notice', { hasText: 'Sent to the engineer' }).waitFor());
  await agent.getByTestId(`order-open-${number}`).click();
  const details = agent.locator('.ant-drawer', { hasText: `Work order ${number}` });
  await shotOnFailure(agent, 'service-dispatch-history', async () => {
    await details.locator('.ant-descriptions-row', { hasText: 'Engineer' }).getByText('Erik Lund', { exact: true }).waitFor();
    await details.getByText(/ · Sent to an engineer · Erik Lund Bring a side brush\.$/).waitFor();
    await details.getByTestId('order-summary').filter({ hasText: '—' }).waitFor();
  });
  await agent.screenshot({ path: join(shots, 'service-journey-01-dispatched.png') });
  await details.locator('.ant-drawer-close').click();
  await details.waitFor({ state: 'hidden' });
  await status.filter({ hasText: 'In progress' }).waitFor();

  await agent.getByTestId(`order-close-${number}`).click();
  const closing = agent.getByRole('dialog');
  await closing.getByTestId('order-summary-title').fill('Side brush');
  await closing.getByTestId('order-summary-content').fill(SUMMARY);
  await submit(closing);
  await shotOnFailure(agent, 'service-closed', () => status.filter({ hasText: 'Closed' }).waitFor());

  // The summary reaches Dan's chat, and he rates the order.
  await shotOnFailure(user, 'service-summary', async () => {
    await user.getByTestId('enduser-event-workOrder').filter({ hasText: `Work order ${number}: ${SUMMARY}` }).waitFor();
    await user.getByTestId('enduser-rating').waitFor();
  });
  assert.match(await user.getByTestId('enduser-rate-order').locator('option:checked').innerText(), new RegExp(`^${number} · Side brush$`));
  await user.getByTestId('enduser-score-satisfied').check();
  await user.getByTestId('enduser-solved-yes').check();
  await user.getByTestId('enduser-rate').click();
  await shotOnFailure(user, 'service-rated', () => user.getByTestId('enduser-notice').filter({ hasText: 'Thank you for your rating.' }).waitFor());
  await user.getByTestId('enduser-rating').waitFor({ state: 'detached' });
  await user.screenshot({ path: join(shots, 'service-journey-02-rated.png'), fullPage: true });

  // The administrator's work order records: closed, Ann's, rated.
  await admin.getByTestId('menu-/customerService/orderRecord').click();
  const record = admin.getByTestId('order-records').locator('tbody tr', { hasText: number });
  await shotOnFailure(admin, 'service-records', async () => {
    await record.getByTestId(`order-status-${number}`).filter({ hasText: 'Closed' }).waitFor();
    await record.getByText('Ann (A01)', { exact: true }).waitFor();
    await record.getByText('Satisfied', { exact: true }).waitFor();
  });
  await admin.screenshot({ path: join(shots, 'service-journey-03-records.png') });

  // As the app reads it: closed, with the summary and Dan's rating.
  const orders = await device('/customer-service/app/work-orders/list', { userToken });
  assert.equal(orders.length, 1);
  assert.deepEqual(
    [orders[0].number, orders[0].status, orders[0].summaryContent, orders[0].rating?.score, orders[0].rating?.solved],
    [number, 'closed', SUMMARY, 'satisfied', true],
  );
  for (const page of [user, agent, admin]) await page.context().close();
});
