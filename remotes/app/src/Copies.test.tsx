import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { addSdkStrings } from '@console/sdk';

import Copies from './Copies';
import { choose, FakeUpload, page, PAGES, renderPage, serve, type Sent, typeInto } from './testing';
import type { CopyEntry, Project } from './types';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});
afterEach(() => {
  FakeUpload.sent = [];
  vi.unstubAllGlobals();
});

const ALL = ['view', 'edit', 'delete', 'publish'].map((a) => `app:copy:${a}`);
const PROJECT_VIEW = { [PAGES.project]: ['app:project:view'] };

function entry(keyPath: string, complete: boolean, extra: Partial<CopyEntry> = {}): CopyEntry {
  const [key1 = '', key2 = '', key3 = ''] = keyPath.split('.');
  return {
    id: `id-${keyPath}`,
    version: 1,
    createdAt: 0,
    updatedAt: 0,
    library: 'public',
    projectId: '',
    key1,
    key2,
    key3,
    keyPath,
    keyDescription: '',
    placeholder: false,
    placeholderCount: 0,
    functionType: '',
    functionCode: '',
    parentFunctionType: '',
    copyCode: `C-${keyPath}`,
    texts: complete ? { zhCn: '标题', en: 'Title', de: 'Titel', es: 'Título', fr: 'Titre', pt: 'Título', ru: 'Заголовок' } : { en: 'Hello' },
    complete,
    assignee: complete ? 'ann' : '',
    projectType: '',
    ...extra,
  };
}

const ROWS = [entry('home.title', true), entry('home.greeting', false)];
const PROJECT: Project = {
  id: 'p1',
  version: 1,
  createdAt: 0,
  updatedAt: 0,
  name: 'Robot',
  projectCode: 'PABCDEFGHIJ',
  region: 'europe',
  enterpriseId: 3,
  enterpriseName: 'Acme',
  projectType: '',
  startsAt: 0,
  endsAt: 1,
  description: '',
  appKey: 'k',
  appSecret: { hint: '••••abcd' },
  languages: ['en', 'de'],
};

/** The host: lists, the publish that wants empty copy confirmed, the public import. */
function host(sent?: (call: Sent) => void) {
  return serve((call) => {
    sent?.(call);
    if (call.path === '/app-service/projects') return page([PROJECT]);
    if (call.path === '/app-service/copies' && call.method === 'GET') return page(ROWS);
    if (call.path === '/app-service/copies/publish') {
      const body = call.body as { confirm: boolean };
      return body.confirm
        ? {
            data: {
              incomplete: 1,
              bundles: [
                { lang: 'en', version: 2, etag: 'e', keys: 2 },
                { lang: 'de', version: 1, etag: 'd', keys: 1 },
              ],
            },
          }
        : { code: 409, msg: 'Entries with empty copy: 1. Confirm to publish anyway.', data: null };
    }
    if (call.path === '/app-service/copies/import-public') return { data: { imported: 3, skipped: ['home.title', 'home.greeting'] } };
    if (call.path === '/app-service/copies/import') {
      return (call.body as { uploadId: string }).uploadId === 'bad'
        ? { code: 400, msg: 'Data does not match, please re-enter: row 3: The en text has 0 placeholders; it should have 1.', data: { field: 'uploadId' } }
        : { data: { added: 4, updated: 2 } };
    }
    return { data: null };
  });
}

const publishes = (sent: Sent[]) => sent.filter((c) => c.path === '/app-service/copies/publish').map((c) => c.body);

// antd renders slowly under jsdom.
describe('the copy library page', { timeout: 30_000 }, () => {
  it('shows each entry’s completeness and assignment, and its texts when opened', async () => {
    const sent = host();
    renderPage(Copies, PAGES.copies, ALL);
    expect((await screen.findByTestId('complete-home.title')).textContent).toBe('Complete');
    expect(screen.getByTestId('complete-home.greeting').textContent).toBe('Incomplete');
    expect(screen.getByText('To be assigned')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /expand row/i })[1]);
    const texts = await screen.findByTestId('texts-home.greeting');
    expect(within(texts).getByText('Hello')).toBeTruthy();
    expect(within(texts).getAllByText('Empty')).toHaveLength(6);
    const list = sent.find((c) => c.path === '/app-service/copies');
    expect(list?.query.get('library')).toBe('public');
  });

  it('asks to confirm empty copy on the server’s 409, then publishes with confirm and shows the versions', async () => {
    const sent = host();
    renderPage(Copies, PAGES.copies, ALL);
    fireEvent.click(await screen.findByTestId('publish-copies'));
    const first = await screen.findByRole('dialog');
    fireEvent.click(within(first).getByRole('button', { name: 'Publish' }));
    // The server's count, in its words, and nothing published yet.
    expect((await screen.findByTestId('publish-empty-copy')).textContent).toBe('Entries with empty copy: 1. Confirm to publish anyway.');
    expect(publishes(sent)).toEqual([{ library: 'public', projectId: '', confirm: false }]);
    fireEvent.click(screen.getByRole('button', { name: 'Publish anyway' }));
    await waitFor(() => expect(publishes(sent)).toHaveLength(2));
    expect(publishes(sent)[1]).toEqual({ library: 'public', projectId: '', confirm: true });
    expect((await screen.findByTestId('bundle-en')).textContent).toBe('English: version 2, 2 texts');
    expect(screen.getByTestId('bundle-de').textContent).toBe('German: version 1, 1 texts');
  });

  it('cancelling the empty-copy question publishes nothing', async () => {
    const sent = host();
    renderPage(Copies, PAGES.copies, ALL);
    fireEvent.click(await screen.findByTestId('publish-copies'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Publish' }));
    await screen.findByTestId('publish-empty-copy');
    const question = screen.getByTestId('publish-empty-copy').closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('publish-empty-copy')).toBeNull());
    expect(publishes(sent)).toEqual([{ library: 'public', projectId: '', confirm: false }]);
  });

  it('a project library waits for its project; importing the public library says what was kept', async () => {
    const sent = host();
    renderPage(Copies, PAGES.copies, ALL, PROJECT_VIEW);
    await screen.findByTestId('complete-home.title');
    fireEvent.click(screen.getByText('Project library'));
    expect(await screen.findByTestId('choose-project-first')).toBeTruthy();
    expect((screen.getByTestId('import-public') as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(sent.some((c) => c.path === '/app-service/projects')).toBe(true));
    choose('copy-project', 'Robot (PABCDEFGHIJ)');
    await waitFor(() => expect(screen.queryByTestId('choose-project-first')).toBeNull());
    await waitFor(() => expect(sent.some((c) => c.path === '/app-service/copies' && c.query.get('projectId') === 'p1' && c.query.get('library') === 'project')).toBe(true));
    fireEvent.click(screen.getByTestId('import-public'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect((await screen.findByTestId('import-public-result')).textContent).toBe('Kept as they were, already in the project (2): home.title, home.greeting');
    expect(sent.find((c) => c.path === '/app-service/copies/import-public')?.body).toEqual({ projectId: 'p1' });
  });

  it('shows only what the user may do, and never asks for the projects without their right', async () => {
    const sent = host();
    renderPage(Copies, PAGES.copies, ['app:copy:view']);
    await screen.findByTestId('complete-home.title');
    expect(screen.getByTestId('export-excel')).toBeTruthy();
    for (const id of ['add-copy', 'import-excel', 'publish-copies']) expect(screen.queryByTestId(id)).toBeNull();
    fireEvent.click(screen.getByText('Project library'));
    expect(await screen.findByTestId('choose-project-first')).toBeTruthy();
    expect(sent.some((c) => c.path === '/app-service/projects')).toBe(false);
  });

  it('adds an entry to the library in view, its texts checked for the placeholder count', async () => {
    const sent = host();
    renderPage(Copies, PAGES.copies, ALL);
    fireEvent.click(await screen.findByTestId('add-copy'));
    await screen.findByTestId('copy-key1');
    typeInto('copy-key1', 'home');
    typeInto('copy-key2', 'hi');
    fireEvent.click(screen.getByTestId('copy-placeholder'));
    await screen.findByTestId('copy-placeholder-count');
    typeInto('copy-placeholder-count', '1');
    typeInto('text-en', 'Hi there');
    expect(await screen.findByText('The English text has 0 placeholders; it should have 1.')).toBeTruthy();
    typeInto('text-en', 'Hi {name}');
    await waitFor(() => expect(screen.queryByText('The English text has 0 placeholders; it should have 1.')).toBeNull());
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sent.some((c) => c.method === 'POST' && c.path === '/app-service/copies')).toBe(true));
    expect(sent.find((c) => c.method === 'POST')?.body).toEqual({
      library: 'public',
      projectId: '',
      key1: 'home',
      key2: 'hi',
      key3: '',
      keyDescription: '',
      placeholder: true,
      placeholderCount: 1,
      functionType: '',
      functionCode: '',
      parentFunctionType: '',
      texts: { en: 'Hi {name}' },
      assignee: '',
      projectType: '',
    });
  });

  it('imports a workbook; a row’s refusal shows on the file, which is chosen again', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const sent = host();
    renderPage(Copies, PAGES.copies, ALL);
    fireEvent.click(await screen.findByTestId('import-excel'));
    const dialog = await screen.findByRole('dialog');
    const errors = () => [...dialog.querySelectorAll('.ant-form-item-explain-error')].map((error) => error.textContent);
    const upload = async (uploadId: string) => {
      const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
      fireEvent.change(input, { target: { files: [new File(['xlsx'], 'copy.xlsx')] } });
      await waitFor(() => expect(FakeUpload.sent.length).toBeGreaterThan(0));
      const request = FakeUpload.sent[FakeUpload.sent.length - 1];
      expect(request.url).toContain('/api/files/upload/app-service/copy-excel?fileName=copy.xlsx');
      act(() => request.answer({ code: 200, msg: 'ok', data: { uploadId, fileName: 'copy.xlsx', size: 4 } }));
      await within(dialog).findByText('copy.xlsx (4 B)');
    };
    await upload('bad');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(errors()).toEqual(['Data does not match, please re-enter: row 3: The en text has 0 placeholders; it should have 1.']));
    // The server used the upload up: the file is to be chosen again.
    await waitFor(() => expect(within(dialog).queryByText('copy.xlsx (4 B)')).toBeNull());
    FakeUpload.sent = [];
    await upload('good');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(document.querySelector('.ant-message')?.textContent).toBe('Imported: 4 added, 2 updated'));
    expect(sent.filter((c) => c.path === '/app-service/copies/import').map((c) => c.body)).toEqual([
      { library: 'public', projectId: '', uploadId: 'bad' },
      { library: 'public', projectId: '', uploadId: 'good' },
    ]);
  });

  it('without the view right, calls nothing', async () => {
    const sent = host();
    renderPage(Copies, PAGES.copies, []);
    expect(await screen.findByTestId('no-view-right')).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
