import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { addSdkStrings, configureRequest } from '@console/sdk';

import Questionnaires from './Questionnaires';
import { choose, page, PAGES, renderPage, serve, type Sent, typeInto } from './testing';
import type { AppProduct, Project, Questionnaire } from './types';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});
afterEach(() => vi.unstubAllGlobals());

const ALL = ['view', 'edit', 'delete'].map((a) => `app:questionnaire:${a}`);
const READ_OPTIONS = { [PAGES.project]: ['app:project:view'], [PAGES.appProduct]: ['app:product:view'] };

const stored = { version: 1, createdAt: 0, updatedAt: 0 };
const PROJECT = { ...stored, id: 'p1', name: 'Robot', projectCode: 'PROBOT' } as Project;
const APP = { ...stored, id: 'a1', appProductName: 'Cleaner', appName: 'Clean Home' } as AppProduct;
const ROW: Questionnaire = {
  ...stored,
  id: 'q1',
  projectId: 'p1',
  projectName: 'Robot',
  appProductId: 'a1',
  questionnaireType: 'nps',
  productIds: [],
  name: 'Survey1',
  address: 'https://survey.example.com/1',
  intervalDays: 0,
  lifecycle: 30,
  enabled: true,
  subQuestionnaires: [],
  startedAt: 1,
  refreshedAt: null,
  remainingLifecycle: 12,
};

function host(refresh: 'ok' | 'tooSoon' = 'ok') {
  return serve((call) => {
    if (call.path === '/app-service/projects') return page([PROJECT]);
    if (call.path === '/app-service/app-products') return page([APP]);
    if (call.path === '/app-service/questionnaires' && call.method === 'GET') return page([ROW]);
    if (call.path === '/app-service/questionnaires/q1/refresh') {
      return refresh === 'ok' ? { data: { ...ROW, remainingLifecycle: 30 } } : { code: 409, msg: 'The questionnaire cannot be refreshed again within 24 hours.' };
    }
    return { data: ROW };
  });
}

const saves = (sent: Sent[]) => sent.filter((c) => c.path.startsWith('/app-service/questionnaires') && (c.method === 'POST' || c.method === 'PUT') && !c.path.endsWith('/refresh'));

describe('the questionnaire page', { timeout: 30_000 }, () => {
  it('sends a new questionnaire only once its preview is confirmed, with previewConfirmed', async () => {
    const sent = host();
    renderPage(Questionnaires, PAGES.questionnaire, ALL, READ_OPTIONS);
    expect((await screen.findByTestId('remaining-q1')).textContent).toBe('12 / 30');
    await waitFor(() => expect(sent.filter((c) => c.path === '/app-service/projects' || c.path === '/app-service/app-products')).toHaveLength(2));
    fireEvent.click(screen.getByTestId('add-questionnaire'));
    await screen.findByTestId('questionnaire-name');
    choose('questionnaire-project', 'Robot (PROBOT)');
    choose('questionnaire-app', 'Cleaner · Clean Home');
    typeInto('questionnaire-name', '满意度Survey2');
    typeInto('questionnaire-address', 'https://survey.example.com/2');
    fireEvent.click(screen.getByTestId('add-sub'));
    typeInto('sub-name-0', 'Part2');
    typeInto('sub-address-0', 'https://survey.example.com/2b');

    // OK shows the preview; nothing is sent yet.
    fireEvent.click(screen.getByTestId('questionnaire-preview-open'));
    const preview = await screen.findByTestId('questionnaire-preview');
    expect(within(preview).getByText('满意度Survey2')).toBeTruthy();
    expect(within(preview).getByText('https://survey.example.com/2').getAttribute('href')).toBe('https://survey.example.com/2');
    expect(within(preview).getByText('https://survey.example.com/2b')).toBeTruthy();
    expect(saves(sent)).toEqual([]);

    // Back keeps what was typed; the preview again, then confirmed: sent once.
    fireEvent.click(screen.getByTestId('preview-back'));
    await waitFor(() => expect(screen.queryByTestId('questionnaire-preview')).toBeNull());
    expect((screen.getByTestId('questionnaire-name') as HTMLInputElement).value).toBe('满意度Survey2');
    fireEvent.click(screen.getByTestId('questionnaire-preview-open'));
    await screen.findByTestId('questionnaire-preview');
    fireEvent.click(screen.getByTestId('preview-confirm'));
    await waitFor(() => expect(saves(sent)).toHaveLength(1));
    expect(saves(sent)[0]).toMatchObject({
      method: 'POST',
      path: '/app-service/questionnaires',
      body: {
        projectId: 'p1',
        appProductId: 'a1',
        name: '满意度Survey2',
        address: 'https://survey.example.com/2',
        intervalDays: 0,
        lifecycle: 30,
        enabled: false,
        subQuestionnaires: [{ name: 'Part2', address: 'https://survey.example.com/2b' }],
        previewConfirmed: true,
      },
    });
  });

  it('a refusal after the preview goes back to the form, on its field', async () => {
    const sent = serve((call) => {
      if (call.path === '/app-service/projects') return page([PROJECT]);
      if (call.path === '/app-service/app-products') return page([APP]);
      if (call.method === 'GET') return page([ROW]);
      return { code: 400, msg: 'With no previous questionnaire the interval is 0 days.', data: { field: 'intervalDays' } };
    });
    renderPage(Questionnaires, PAGES.questionnaire, ALL, READ_OPTIONS);
    await screen.findByTestId('refresh-q1');
    fireEvent.click(screen.getByText('Edit'));
    await waitFor(() => expect((screen.getByTestId('questionnaire-name') as HTMLInputElement).value).toBe('Survey1'));
    typeInto('questionnaire-interval', '5');
    fireEvent.click(screen.getByTestId('questionnaire-preview-open'));
    fireEvent.click(await screen.findByTestId('preview-confirm'));
    expect(await screen.findByText('With no previous questionnaire the interval is 0 days.')).toBeTruthy();
    expect(screen.queryByTestId('questionnaire-preview')).toBeNull();
    expect(saves(sent)).toHaveLength(1);
    expect(saves(sent)[0]).toMatchObject({ method: 'PUT', path: '/app-service/questionnaires/q1', body: { intervalDays: 5, previewConfirmed: true, version: 1 } });
  });

  it('refuses a name with other characters before any preview', async () => {
    const sent = host();
    renderPage(Questionnaires, PAGES.questionnaire, ALL, READ_OPTIONS);
    fireEvent.click(await screen.findByTestId('add-questionnaire'));
    await screen.findByTestId('questionnaire-name');
    typeInto('questionnaire-name', 'Survey #2');
    fireEvent.click(screen.getByTestId('questionnaire-preview-open'));
    expect(await screen.findByText('Only Chinese characters, English letters and digits')).toBeTruthy();
    expect(screen.queryByTestId('questionnaire-preview')).toBeNull();
    expect(saves(sent)).toEqual([]);
  });

  it('refreshes after a confirmation; the server’s refusal within 24 hours is said', async () => {
    const notify = vi.fn();
    configureRequest({ notify });
    const sent = host('tooSoon');
    renderPage(Questionnaires, PAGES.questionnaire, ALL, READ_OPTIONS);
    fireEvent.click(await screen.findByTestId('refresh-q1'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Refresh the questionnaire Survey1?').length).toBeGreaterThan(0);
    expect(sent.some((c) => c.path.endsWith('/refresh'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sent.some((c) => c.method === 'POST' && c.path === '/app-service/questionnaires/q1/refresh')).toBe(true));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('The questionnaire cannot be refreshed again within 24 hours.', 3));
  });

  it('shows no add, edit or refresh without the edit right', async () => {
    host();
    renderPage(Questionnaires, PAGES.questionnaire, ['app:questionnaire:view']);
    await screen.findByTestId('remaining-q1');
    expect(screen.queryByTestId('add-questionnaire')).toBeNull();
    expect(screen.queryByTestId('refresh-q1')).toBeNull();
  });
});
