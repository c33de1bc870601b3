// End-to-end, two browser pages: an end user in the app's chat page (served by the host for web
// views) asks the bot, asks for a person and waits in the queue while the only seat is full; the
// agent in the console's workspace ends the chat that fills it, and the user is connected at
// once; they exchange messages and an image; the agent closes the chat with a summary into a work
// order, which the user then rates.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { ADMIN_PASSWORD, DEVICE_GRANTS, PRODUCT_GRANTS, productPlugin, shotOnFailure, shots, startConsole } from './harness.mjs';

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

/** A 32×32 PNG: the photo the user shares. */
function photo() {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAAKklEQVR4nGM4UaFBU8QwasGoBaMWjFowasGoBaMWjFowasGoBaMWDBULAIvioEzwWVaRAAAAAElFTkSuQmCC',
    'base64',
  );
}

test('an end user waits for the only agent, chats with him, and rates the work order the chat closed into', async () => {
  const { api, base, newPage, login } = console_;
  const admin = (await api('/authority-service/authority/login', { userName: 'admin', password: ADMIN_PASSWORD })).token;

  // The FAQ the bot answers from.
  const type = await api('/customer-service/question-types', { name: 'Cleaning' }, admin);
  await api('/customer-service/faq-index/create', {}, admin);
  await api('/customer-service/faqs', { question: 'How do I reset the robot?', answer: 'Hold the power button for ten seconds.', questionTypeId: type.id, role: '', sortWeight: 0, language: 'en' }, admin);

  // Ann, the agent, and her seat that takes one user at a time.
  const buttons = await api('/authority-service/button/list', { pageSize: 500, keyword: 'cs:' }, admin);
  const role = await api('/authority-service/role/add', { name: 'Agents', roleType: 'ordinary' }, admin, '0');
  const agentActions = ['cs:chat:serve', 'cs:order:mine', 'cs:order:handle'];
  await api('/authority-service/role/grant', { id: role.id, buttonIds: buttons.list.filter((b) => agentActions.includes(b.action)).map((b) => b.id) }, admin, '0');
  await api('/authority-service/account/add', { userName: 'ann', name: 'Ann', accountType: 'operation', phone: '+86-13800000000', email: 'staff@example.com', roleIds: [role.id], password: 'Work#2026', confirmPassword: 'Work#2026' }, admin, '0');
  await api('/customer-service/seats', { number: 'A01', userName: 'ann', maxUsers: 1, timeZone: 'UTC', periods: [{ days: 'everyday', start: '00:00', end: '24:00' }] }, admin);

  // The app and two of its users.
  const key = (await api('/plugin-admin/device-keys/add', { pluginId: 'app', tenantId: 0, name: 'Robot Home app' }, admin)).key;
  const device = async (path, body) => {
    const response = await fetch(`${base}/api/device${path}`, { method: 'POST', headers: { authorization: `Device ${key}`, 'content-type': 'application/json', lang: 'en' }, body: JSON.stringify(body) });
    const envelope = await response.json();
    assert.equal(envelope.code, 200, `${path}: ${JSON.stringify(envelope)}`);
    return envelope.data;
  };
  const appUser = async (username) => {
    await device('/app-service/app/users/report', { username, networkType: 'wifi', phoneModel: 'Pixel 9', appVersion: '3.1.0' });
    const users = await api(`/app-service/app-users?username=${encodeURIComponent(username)}`, undefined, admin, undefined, 'GET');
    await api(`/app-service/app-users/${users.list[0].id}/password`, { password: 'robot2026', confirmPassword: 'robot2026' }, admin);
    return (await device('/app-service/app/users/sign-in', { username, password: 'robot2026' })).token;
  };
  const first = await appUser('first@example.com');
  const dan = await appUser('dan@example.com');

  // Ann opens her workspace: her seat is online.
  const agent = await newPage('en-US');
  await login(agent, 'ann', 'Work#2026');
  await agent.getByTestId('menu-/customerService/serviceCenter').click();
  await shotOnFailure(agent, 'workspace-open', () => agent.getByTestId('workspace-seat-status').filter({ hasText: 'Free' }).waitFor());

  // Another user takes the only place.
  const firstChat = await device('/customer-service/app/chats', { userToken: first, language: 'en' });
  const connected = await device(`/customer-service/app/chats/${firstChat.id}/human`, { userToken: first });
  assert.equal(connected.state, 'connected');
  await agent.getByTestId('workspace-chat-first@example.com').waitFor();

  // Dan opens the customer centre in the app's web view and asks the bot.
  const user = await newPage('en-US');
  await user.setViewportSize({ width: 420, height: 860 });
  await user.goto(`${base}/remotes/customer-service/chat/#key=${encodeURIComponent(key)}&token=${encodeURIComponent(dan)}&lang=en`);
  await shotOnFailure(user, 'enduser-bot', async () => {
    await user.getByTestId('enduser-state').filter({ hasText: 'Assistant' }).waitFor();
    assert.equal(new URL(user.url()).hash, '', 'the key and the session leave the address bar');
    await user.getByTestId('enduser-input').fill('reset robot');
    await user.getByTestId('enduser-input').press('Enter');
    await user.getByText('Hold the power button for ten seconds.').waitFor();
  });

  // He asks for a person: the only seat is full, so he waits, and is told so with his place.
  await user.getByTestId('enduser-human').click();
  await shotOnFailure(user, 'enduser-queued', () => user.getByTestId('enduser-busy').filter({ hasText: 'The customer service is busy, please wait. You are number 1 in the queue.' }).waitFor());
  await agent.getByTestId('workspace-waiting').filter({ hasText: '1 waiting' }).waitFor();
  await user.screenshot({ path: join(shots, 'chat-enduser-queued.png') });

  // Ann ends the other chat; Dan is connected to her at once.
  await agent.getByTestId('workspace-chat-first@example.com').click();
  await agent.getByTestId('chat-end').click();
  const endDialog = agent.getByRole('dialog');
  await endDialog.getByTestId('chat-end-order').click();
  await endDialog.getByRole('button', { name: 'OK' }).click();
  // The chat ended on Ann's side first (the dialog closes only when the platform said yes).
  await shotOnFailure(agent, 'agent-ended', () => endDialog.waitFor({ state: 'hidden' }));
  await shotOnFailure(user, 'enduser-connected', () => user.getByTestId('enduser-state').filter({ hasText: 'With Ann' }).waitFor());
  assert.equal(await user.getByTestId('enduser-busy').count(), 0);

  // They write to each other; Enter sends, Shift+Enter breaks the line.
  await user.getByTestId('enduser-input').fill('My robot stops after a minute.');
  await user.getByTestId('enduser-input').press('Enter');
  await agent.getByTestId('workspace-chat-dan@example.com').click();
  await shotOnFailure(agent, 'agent-sees-message', () => agent.getByTestId('chat-messages').getByText('My robot stops after a minute.').waitFor());
  const box = agent.getByTestId('chat-input');
  await box.fill('Please send a photo');
  await box.press('Shift+Enter');
  await box.type('of the side brush.');
  await box.press('Enter');
  await shotOnFailure(user, 'enduser-sees-reply', () => user.getByText(/Please send a photo\s+of the side brush\./).waitFor());

  // An empty message is not sent.
  await user.getByTestId('enduser-input').press('Enter');
  await user.getByTestId('enduser-notice').filter({ hasText: 'Cannot send an empty message.' }).waitFor();

  // The photo: choosing no file first is refused with a message.
  await user.getByTestId('enduser-share').click();
  await user.getByTestId('enduser-send-file').click();
  await user.getByTestId('enduser-notice').filter({ hasText: 'Please choose a file first.' }).waitFor();
  await user.getByTestId('enduser-file').setInputFiles({ name: 'brush.png', mimeType: 'image/png', buffer: photo() });
  await user.getByTestId('enduser-send-file').click();
  await shotOnFailure(agent, 'agent-sees-photo', () => agent.getByTestId('chat-image').waitFor());
  await agent.screenshot({ path: join(shots, 'chat-agent-workspace.png'), fullPage: true });

  // Ann ends the chat with a summary: it closes into a work order Dan receives and rates.
  await agent.getByTestId('chat-end').click();
  const closing = agent.getByRole('dialog');
  await closing.getByTestId('chat-end-summary').fill('Replace the side brush; it is worn.');
  await closing.getByRole('button', { name: 'OK' }).click();
  await shotOnFailure(user, 'enduser-summary', async () => {
    await user.getByText(/Replace the side brush; it is worn\./).first().waitFor();
    await user.getByTestId('enduser-rating').waitFor();
  });
  await user.getByTestId('enduser-score-satisfied').check();
  await user.getByTestId('enduser-solved-yes').check();
  await user.getByTestId('enduser-rate').click();
  await user.getByTestId('enduser-notice').filter({ hasText: 'Thank you for your rating.' }).waitFor();
  await user.screenshot({ path: join(shots, 'chat-enduser-rated.png'), fullPage: true });

  const orders = await device('/customer-service/app/work-orders/list', { userToken: dan });
  assert.equal(orders.length, 1);
  assert.equal(orders[0].status, 'closed');
  assert.deepEqual([orders[0].rating.score, orders[0].rating.solved, orders[0].summaryContent], ['satisfied', true, 'Replace the side brush; it is worn.']);
});
