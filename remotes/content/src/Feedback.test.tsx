import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { addSdkStrings } from '@console/sdk';

import Feedback from './Feedback';
import { choose, page, PAGES, renderPage, serve, type Sent, typeInto } from './testing';
import type { Feedback as Row, MailStatus } from './types';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});
afterEach(() => vi.unstubAllGlobals());

const ALL = ['content:feedback:view', 'content:feedback:reply'];
const row = (id: string, extra: Partial<Row> = {}): Row => ({
  id,
  version: 2,
  createdAt: 0,
  updatedAt: 0,
  contact: 'ann@example.com',
  routerModel: 'AX3000',
  smartScene: 'The lights do not turn on at sunset.',
  account: `user-${id}`,
  file: null,
  status: 'incomplete',
  reply: '',
  repliedAt: null,
  repliedBy: '',
  submittedAt: 1_700_000_000_000,
  mailStatus: '',
  ...extra,
});
const FILE = { fileName: 'log.zip', object: 'content-service/feedback-file/abc', size: 2048, sha256: 'aa', md5: 'bb' };
const ROWS = [row('f1', { file: FILE }), row('f2', { status: 'completed', reply: 'Fixed in 1.2.', repliedAt: 1_700_000_100_000, repliedBy: 'bob', mailStatus: 'sent' })];

const posts = (sent: Sent[]) => sent.filter((c) => c.method === 'POST');

describe('the user feedback page', { timeout: 30_000 }, () => {
  it('shows each feedback’s status as a coloured tag, its file as a link, and completes only what is incomplete', async () => {
    const sent = serve(() => page(ROWS));
    renderPage(Feedback, PAGES.feedback, ALL);
    const open = await screen.findByTestId('status-f1');
    expect(open.textContent).toBe('Incomplete');
    expect(open.className).toContain('orange');
    const done = screen.getByTestId('status-f2');
    expect(done.textContent).toBe('Completed');
    expect(done.className).toContain('green');
    expect(screen.getByTestId('file-f1').textContent).toBe('log.zip (2 KB)');
    expect(screen.queryByTestId('file-f2')).toBeNull();
    expect(screen.getByTestId('complete-f1')).toBeTruthy();
    expect(screen.queryByTestId('complete-f2')).toBeNull();
    expect(screen.getByTestId('reply-f2')).toBeTruthy();
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/content-service/feedback' });
    expect(sent[0].query.get('page')).toBe('1');
  });

  it.each<[MailStatus, string, 'success' | 'warning']>([
    ['sent', 'Reply sent by e-mail', 'success'],
    ['failed', 'Reply saved; the e-mail could not be sent', 'warning'],
    ['', 'Reply saved', 'success'],
  ])('posts the reply and says how its mail fared (%s)', async (mailStatus, said, kind) => {
    const sent = serve((call) => (call.method === 'GET' ? page(ROWS) : { data: { ...ROWS[0], status: 'completed', reply: 'We are on it.', mailStatus } }));
    renderPage(Feedback, PAGES.feedback, ALL);
    fireEvent.click(await screen.findByTestId('reply-f1'));
    await screen.findByTestId('feedback-reply');
    // The modal says where the reply goes.
    expect(screen.getByTestId('feedback-reply-hint').textContent).toContain('ann@example.com');
    typeInto('feedback-reply', '  We are on it.  ');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    expect(posts(sent)[0]).toMatchObject({ path: '/content-service/feedback/f1/reply', body: { reply: 'We are on it.' } });
    const words = await screen.findByText(said);
    // A success, or a warning when the mail failed.
    expect(words.closest('.ant-message-notice-wrapper')?.className).toContain(`ant-message-${kind}`);
    // Only the words of this outcome: "Reply saved" is part of the failure's words, so the others are checked whole.
    const others = ['Reply sent by e-mail', 'Reply saved; the e-mail could not be sent'].filter((text) => text !== said);
    for (const text of others) expect(screen.queryByText(text)).toBeNull();
    // The list is read again.
    await waitFor(() => expect(sent.filter((c) => c.method === 'GET' && c.path === '/content-service/feedback').length).toBeGreaterThan(1));
  });

  it('sends no empty reply, and shows the server’s refusal on the field', async () => {
    const sent = serve((call) => (call.method === 'GET' ? page(ROWS) : { code: 400, msg: 'The reply is at most 2000 characters.', data: { field: 'reply' } }));
    renderPage(Feedback, PAGES.feedback, ALL);
    fireEvent.click(await screen.findByTestId('reply-f1'));
    await screen.findByTestId('feedback-reply');
    typeInto('feedback-reply', '   ');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(await within(screen.getByRole('dialog')).findByText('Required')).toBeTruthy();
    expect(posts(sent)).toEqual([]);
    typeInto('feedback-reply', 'Thanks');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(await within(screen.getByRole('dialog')).findByText('The reply is at most 2000 characters.')).toBeTruthy();
    expect(posts(sent)).toHaveLength(1);
  });

  it('marks feedback completed only once confirmed', async () => {
    const sent = serve((call) => (call.method === 'GET' ? page(ROWS) : { data: { ...ROWS[0], status: 'completed' } }));
    renderPage(Feedback, PAGES.feedback, ALL);
    fireEvent.click(await screen.findByTestId('complete-f1'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Mark the feedback from user-f1 completed?').length).toBeGreaterThan(0);
    expect(posts(sent)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    expect(posts(sent)[0]).toMatchObject({ path: '/content-service/feedback/f1/complete', body: {} });
    expect(await screen.findByText('Marked completed')).toBeTruthy();
  });

  it('opens the attached file by its signed link', async () => {
    const opened = vi.fn();
    vi.stubGlobal('open', opened);
    const sent = serve((call) => (call.path.endsWith('/file') ? { data: { url: 'https://files.example.com/log.zip?sig=1', fileName: 'log.zip' } } : page(ROWS)));
    renderPage(Feedback, PAGES.feedback, ALL);
    fireEvent.click(await screen.findByTestId('file-f1'));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('https://files.example.com/log.zip?sig=1', '_blank', 'noopener'));
    expect(sent.find((c) => c.path.endsWith('/file'))).toMatchObject({ method: 'GET', path: '/content-service/feedback/f1/file' });
  });

  it('filters by account in the search mode and by status', async () => {
    const sent = serve(() => page(ROWS));
    renderPage(Feedback, PAGES.feedback, ALL);
    await screen.findByTestId('status-f1');
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: ' user-f ' } });
    choose('feedback-status-filter', 'Completed');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(sent.filter((c) => c.method === 'GET')).toHaveLength(2));
    const query = sent[1].query;
    expect([query.get('account'), query.get('mode'), query.get('status')]).toEqual(['user-f', 'fuzzy', 'completed']);
  });

  it('shows no reply or completion without the reply right', async () => {
    serve(() => page(ROWS));
    renderPage(Feedback, PAGES.feedback, ['content:feedback:view']);
    await screen.findByTestId('status-f1');
    expect(screen.queryByTestId('reply-f1')).toBeNull();
    expect(screen.queryByTestId('complete-f1')).toBeNull();
    // The file stays downloadable: its route is the view action's.
    expect(screen.getByTestId('file-f1')).toBeTruthy();
  });

  it('shows nothing of the list without the view right', async () => {
    const sent = serve(() => page(ROWS));
    renderPage(Feedback, PAGES.feedback, []);
    expect(await screen.findByTestId('no-view-right')).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
