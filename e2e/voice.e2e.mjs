// End-to-end: the voice remote in the production build against the host with the built
// voice.wasm: an Alexa skill created, searched, edited and deleted; a control mode with a command;
// an intent with corpus, tried with an utterance whose reply the host renders.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { ADMIN_PASSWORD, confirmByName, productPlugin, shotOnFailure, shots, startConsole } from './harness.mjs';

let console_;

before(async () => {
  console_ = await startConsole([productPlugin('voice', 'template = true')]);
});

after(async () => {
  await console_?.close();
});

test('an operator manages Alexa skills and intents, and tries an utterance', async () => {
  const { newPage, login } = console_;
  const page = await newPage('en-US');
  await login(page, 'admin', ADMIN_PASSWORD);

  await page.getByTestId('menu-/voiceGroup/alexaGroup').click();
  const skills = page.getByTestId('voice-alexa');
  await skills.waitFor();
  for (const [name, id] of [['Vacuum skill', '00aa'], ['Litter box skill', '00bb']]) {
    await page.getByTestId('add-assistant').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#modal_name').fill(name);
    await dialog.locator('#modal_productId').fill('P-100');
    await dialog.locator('#modal_externalId').fill(`amzn1.ask.skill.${id}`);
    await dialog.getByRole('button', { name: /OK/ }).click();
    await skills.getByText(name).waitFor();
  }
  await skills.locator('#search_name').fill('Vacuum');
  await skills.getByRole('button', { name: 'Search' }).click();
  await shotOnFailure(page, 'voice-search', () => skills.locator('tbody tr', { hasText: 'Litter box skill' }).waitFor({ state: 'detached' }));
  await skills.locator('tbody tr', { hasText: 'Vacuum skill' }).getByText('Edit').click();
  const edit = page.getByRole('dialog');
  await edit.locator('#modal_defaultController').click();
  await edit.getByRole('button', { name: /OK/ }).click();
  await skills.locator('tbody tr', { hasText: 'Vacuum skill' }).getByText('Default controller').waitFor();

  // A control mode with a command, JSON parameters.
  await skills.locator('tbody tr', { hasText: 'Vacuum skill' }).getByText('Control modes').click();
  await page.getByTestId('voice-modes-add').click();
  const modeDialog = page.getByRole('dialog', { name: 'Add mode' });
  await modeDialog.locator('#modal_name').fill('Suction');
  await modeDialog.locator('#modal_parameters').fill('{"levels": ["quiet", "max"]}');
  await modeDialog.getByRole('button', { name: /OK/ }).click();
  await page.getByTestId('voice-modes').getByText('Suction').click();
  await page.getByTestId('voice-commands-add').click();
  const commandDialog = page.getByRole('dialog', { name: 'Add command' });
  await commandDialog.locator('#modal_name').fill('Set max');
  await commandDialog.locator('#modal_parameters').fill('{"level": "max"}');
  await commandDialog.getByRole('button', { name: /OK/ }).click();
  await page.getByTestId('voice-commands').getByText('Set max').waitFor();
  await page.screenshot({ path: join(shots, 'voice-01-modes.png') });
  await page.locator('.ant-drawer-close').click();

  await skills.getByRole('button', { name: 'Reset' }).click();
  await skills.locator('tbody tr', { hasText: 'Litter box skill' }).getByText('Delete').click();
  await shotOnFailure(page, 'voice-deleted', async () => {
    const deleted = page.waitForResponse((r) => r.url().includes('/voice-service/alexa/assistants/') && r.request().method() === 'DELETE');
    await confirmByName(page, 'Litter box skill');
    assert.equal((await deleted).status(), 200, 'the delete is accepted');
    await skills.locator('tbody tr', { hasText: 'Litter box skill' }).waitFor({ state: 'detached' });
  });
  await page.screenshot({ path: join(shots, 'voice-02-alexa.png') });

  // An intent: a bad condition is refused on its field; then corpus and a trial.
  await page.getByTestId('menu-/voiceGroup/intent').click();
  await page.getByTestId('add-intent').click();
  const intent = page.getByRole('dialog');
  await intent.locator('#modal_field').fill('climate');
  await intent.locator('#modal_intent').fill('set_temperature');
  await intent.locator('#modal_slots').fill('room');
  await intent.locator('#modal_slots').press('Enter');
  await intent.locator('#modal_slots').fill('temperature');
  await intent.locator('#modal_slots').press('Enter');
  await intent.locator('#modal_condition').fill('humidity > 3');
  await intent.locator('#modal_reply').fill('Setting the {{ room }} to {{ temperature }} degrees');
  await intent.getByRole('button', { name: /OK/ }).click();
  await shotOnFailure(page, 'voice-condition', () => intent.getByText(/humidity/).waitFor());
  await intent.locator('#modal_condition').fill('temperature >= 16 && temperature <= 30');
  await intent.getByRole('button', { name: /OK/ }).click();
  const intents = page.getByTestId('voice-intents');
  await intents.getByText('set_temperature').waitFor();

  await intents.locator('tbody tr', { hasText: 'set_temperature' }).getByText('Corpus').click();
  await page.getByTestId('add-corpus').click();
  const corpus = page.getByRole('dialog', { name: 'Add utterances' });
  await corpus.locator('#modal_texts').fill('set the {room} to {temperature} degrees');
  await corpus.getByRole('button', { name: /OK/ }).click();
  await page.getByTestId('voice-corpus').getByText('set the {room} to {temperature} degrees').waitFor();
  await page.locator('.ant-drawer-close').click();

  await page.getByTestId('try-it').click();
  await page.locator('#trial_utterance').fill('Set the bedroom to 22 degrees');
  await page.getByTestId('run-trial').click();
  await shotOnFailure(page, 'voice-trial', () => page.getByTestId('trial-reply').getByText('Setting the bedroom to 22 degrees').waitFor());
  await page.screenshot({ path: join(shots, 'voice-03-try-it.png') });
  await page.context().close();
});
