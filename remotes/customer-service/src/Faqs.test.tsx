import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { addSdkStrings, configureRequest } from '@console/sdk';

import Faqs from './Faqs';
import { type Answer, page, PAGES, renderPage, serve, type Sent, typeInto } from './testing';
import type { Faq, FaqHit, FaqIndexState, Language, TypeNode } from './types';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});
afterEach(() => vi.unstubAllGlobals());

const ALL = ['view', 'edit', 'delete', 'index'].map((a) => `cs:faq:${a}`);
/** The rights to read the question types and the languages, on their own pages. */

const stored = { version: 4, createdAt: 1_700_000_000_000, updatedAt: 1_700_000_000_000 };
const FAQ: Faq = {
  ...stored,
  id: 'f1',
  question: 'How do I reset the robot?',
  answer: 'Hold the power button for ten seconds.',
  image: { fileName: 'reset.png', object: 'o/reset.png', size: 2048, sha256: 'a', md5: 'b' },
  questionTypeId: 't2',
  questionTypeName: 'Device / Reset',
  productId: 'p1',
  productName: 'Cleaner X1',
  groupId: 'G-7',
  role: 'engineer',
  sortWeight: 30,
  solved: 12,
  unsolved: 3,
  language: 'de',
};
const TREE: TypeNode[] = [{ id: 't1', name: 'Device', children: [{ id: 't2', name: 'Reset', children: [] }] }];
const LANGUAGES: Language[] = [
  { ...stored, id: 'l1', name: '中文', englishName: 'Chinese', code: 'zhCn', isDefault: true },
  { ...stored, id: 'l2', name: 'Deutsch', englishName: 'German', code: 'de', isDefault: false },
];

interface HostOptions {
  index?: FaqIndexState;
  hits?: FaqHit[];
  other?: (call: Sent) => Answer | undefined;
}

/** The host: the FAQ, its options, the index and the try-out. */
function host({ index = { exists: true, documents: 7, faqs: 9, updatedAt: 1_700_000_000_000 }, hits = [], other }: HostOptions = {}) {
  let state = index;
  return serve((call) => {
    const said = other?.(call);
    if (said) return said;
    switch (`${call.method} ${call.path}`) {
      case 'GET /customer-service/faqs':
        return page([FAQ]);
      case 'GET /customer-service/faq-options':
        return { data: { questionTypes: TREE, languages: LANGUAGES.map(({ code, name, isDefault }) => ({ code, name, isDefault })) } };
      case 'GET /customer-service/products':
        return { data: [{ id: 'p1', name: 'Cleaner X1' }] };
      case 'GET /customer-service/faq-index':
        return { data: state };
      case 'POST /customer-service/faq-index/create':
        state = { ...state, exists: true };
        return { data: { created: true } };
      case 'POST /customer-service/faq-index/import':
        state = { ...state, documents: 9 };
        return { data: { imported: 9 } };
      case 'POST /customer-service/faq-index/clear':
        state = { ...state, documents: 0 };
        return { data: { removed: 7 } };
      case 'POST /customer-service/faq-index/delete':
        state = { exists: false, documents: 0, faqs: state.faqs, updatedAt: null };
        return { data: { deleted: true } };
      case 'GET /customer-service/faqs/search':
        return { data: hits };
      default:
        return { data: FAQ };
    }
  });
}

const posts = (sent: Sent[], path: string) => sent.filter((c) => c.method === 'POST' && c.path === `/customer-service${path}`);

describe('the FAQ page', { timeout: 30_000 }, () => {
  it('lists the FAQ with its type, product, language, role, weight and the end users’ votes', async () => {
    const sent = host();
    renderPage(Faqs, PAGES.faq, ALL);
    const table = await screen.findByTestId('faqs');
    expect(await within(table).findByText('How do I reset the robot?')).toBeTruthy();
    expect(within(table).getByText('Device / Reset')).toBeTruthy();
    expect(within(table).getByText('Cleaner X1')).toBeTruthy();
    expect(within(table).getByText('G-7')).toBeTruthy();
    expect(within(table).getByText('30')).toBeTruthy();
    expect(screen.getByTestId('role-f1').textContent).toBe('Engineers');
    expect(screen.getByTestId('votes-f1').textContent).toBe('Solved: 12Not solved: 3');
    // The language by its name, once the service languages are in.
    expect(await within(table).findByText('Deutsch (de)')).toBeTruthy();
    const list = sent.find((c) => c.method === 'GET' && c.path === '/customer-service/faqs');
    expect(list?.query.get('page')).toBe('1');
    expect(list?.query.get('mode')).toBe('fuzzy');
    // The options come through the FAQ page's own route.
    expect(sent.some((c) => c.path === '/customer-service/faq-options')).toBe(true);
  });

  it('reads the question types and languages with the FAQ’s own view right, not their pages’', async () => {
    const sent = host();
    renderPage(Faqs, PAGES.faq, ALL);
    const table = await screen.findByTestId('faqs');
    expect(await within(table).findByText('Deutsch (de)')).toBeTruthy();
    expect(sent.some((c) => c.path === '/customer-service/faq-options')).toBe(true);
    expect(sent.some((c) => c.path.startsWith('/customer-service/question-types'))).toBe(false);
    expect(sent.some((c) => c.path.startsWith('/customer-service/languages'))).toBe(false);
  });

  it('adds an FAQ in the default language, for everyone, with weight 0 unless changed', async () => {
    const sent = host();
    renderPage(Faqs, PAGES.faq, ALL);
    await screen.findByText('Deutsch (de)');
    fireEvent.click(screen.getByTestId('add-faq'));
    const dialog = await screen.findByRole('dialog');
    // The default language is chosen already.
    await waitFor(() => expect(within(dialog).getByText('中文 (zhCn)')).toBeTruthy());
    expect(within(dialog).getByText('Everyone')).toBeTruthy();
    typeInto('faq-question', ' Is the robot waterproof? ');
    typeInto('faq-answer', 'No: keep it away from water.');
    // The subcategory, from the question type tree.
    const typeBox = within(dialog).getByTestId('faq-type');
    fireEvent.mouseDown(within(typeBox.closest('.ant-select') ?? typeBox).queryByRole('combobox') ?? typeBox);
    fireEvent.click(await screen.findByTitle('Reset'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(posts(sent, '/faqs')).toHaveLength(1));
    expect(posts(sent, '/faqs')[0].body).toEqual({
      question: 'Is the robot waterproof?',
      answer: 'No: keep it away from water.',
      image: '',
      questionTypeId: 't2',
      productId: '',
      groupId: '',
      role: '',
      sortWeight: 0,
      language: 'zhCn',
    });
  });

  it('edits an FAQ, sending its version and keeping the stored image when none is chosen', async () => {
    const sent = host();
    renderPage(Faqs, PAGES.faq, ALL);
    await screen.findByText('How do I reset the robot?');
    fireEvent.click(screen.getByText('Edit'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect((within(dialog).getByTestId('faq-question') as HTMLInputElement).value).toBe('How do I reset the robot?'));
    expect(within(dialog).getByText('New image (optional; current: reset.png)')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sent.some((c) => c.method === 'PUT')).toBe(true));
    expect(sent.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/customer-service/faqs/f1',
      body: {
        question: 'How do I reset the robot?',
        answer: 'Hold the power button for ten seconds.',
        image: '',
        questionTypeId: 't2',
        productId: 'p1',
        groupId: 'G-7',
        role: 'engineer',
        sortWeight: 30,
        language: 'de',
        version: 4,
      },
    });
  });

  it('shows the index’s documents beside the FAQs, and creates and imports through their routes', async () => {
    const sent = host({ index: { exists: false, documents: 0, faqs: 9, updatedAt: null } });
    renderPage(Faqs, PAGES.faq, ALL);
    await waitFor(() => expect(screen.getByTestId('faq-index-exists').textContent).toBe('Not created'));
    expect(screen.getByTestId('faq-index-documents').textContent).toBe('0');
    expect(screen.getByTestId('faq-index-faqs').textContent).toBe('9');
    // Nothing to import into before the index exists.
    expect((screen.getByTestId('faq-index-import') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('faq-index-create'));
    await waitFor(() => expect(posts(sent, '/faq-index/create')).toHaveLength(1));
    expect(await screen.findByText('Index created')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('faq-index-exists').textContent).toBe('Created'));

    fireEvent.click(screen.getByTestId('faq-index-import'));
    await waitFor(() => expect(posts(sent, '/faq-index/import')).toHaveLength(1));
    expect(await screen.findByText('FAQs imported into the index: 9')).toBeTruthy();
    // The panel shows the index as it is after the import.
    await waitFor(() => expect(screen.getByTestId('faq-index-documents').textContent).toBe('9'));
    expect(posts(sent, '/faq-index/clear')).toEqual([]);
    expect(posts(sent, '/faq-index/delete')).toEqual([]);
  });

  it('empties the index only once confirmed, and says how many documents went', async () => {
    const sent = host();
    renderPage(Faqs, PAGES.faq, ALL);
    await waitFor(() => expect(screen.getByTestId('faq-index-documents').textContent).toBe('7'));
    expect(screen.getByTestId('faq-index-out-of-step')).toBeTruthy();
    fireEvent.click(screen.getByTestId('faq-index-clear'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Empty the FAQ index?').length).toBeGreaterThan(0);
    expect(posts(sent, '/faq-index/clear')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(posts(sent, '/faq-index/clear')).toHaveLength(1));
    expect(await screen.findByText('Documents removed from the index: 7')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('faq-index-documents').textContent).toBe('0'));
  });

  it('deletes the index only once confirmed; cancelling sends nothing', async () => {
    const sent = host();
    renderPage(Faqs, PAGES.faq, ALL);
    await waitFor(() => expect(screen.getByTestId('faq-index-documents').textContent).toBe('7'));
    fireEvent.click(screen.getByTestId('faq-index-delete'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(sent, '/faq-index/delete')).toEqual([]);
    fireEvent.click(screen.getByTestId('faq-index-delete'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Delete the FAQ index?').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(posts(sent, '/faq-index/delete')).toHaveLength(1));
    expect(await screen.findByText('Index deleted')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('faq-index-exists').textContent).toBe('Not created'));
  });

  it('shows no index panel without the index right', async () => {
    const sent = host();
    renderPage(Faqs, PAGES.faq, ['cs:faq:view']);
    await screen.findByText('How do I reset the robot?');
    expect(screen.queryByTestId('faq-index-create')).toBeNull();
    expect(screen.queryByTestId('add-faq')).toBeNull();
    expect(sent.some((c) => c.path === '/customer-service/faq-index')).toBe(false);
    // Trying a question needs only the view right.
    expect(screen.getByTestId('faq-try-input')).toBeTruthy();
  });

  it('shows nothing and calls nothing without the view right', async () => {
    const sent = host();
    renderPage(Faqs, PAGES.faq, ['cs:faq:edit']);
    expect(await screen.findByTestId('no-view-right')).toBeTruthy();
    expect(sent).toEqual([]);
  });
});

describe('trying a question', { timeout: 30_000 }, () => {
  const ask = (text: string) => {
    typeInto('faq-try-input', text);
    const el = screen.getByTestId('faq-try-input');
    fireEvent.keyDown(el.tagName === 'INPUT' ? el : (el.querySelector('input') as HTMLInputElement), { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
  };

  it('lists what the index finds, best first, with the score to two decimals', async () => {
    const hits: FaqHit[] = [
      { id: 'h2', question: 'Why does the robot beep?', answer: 'It is stuck.', score: 1.5 },
      { id: 'h1', question: 'How do I reset the robot?', answer: 'Hold the power button.', score: 7.123456 },
      { id: 'h3', question: 'Where is the dust bin?', answer: 'Under the lid.', score: 0.25 },
    ];
    const sent = host({ hits });
    renderPage(Faqs, PAGES.faq, ALL);
    await screen.findByText('How do I reset the robot?');
    ask('  reset robot ');
    const results = await screen.findByTestId('faq-try-results');
    const items = within(results).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-testid'))).toEqual(['faq-try-hit-h1', 'faq-try-hit-h2', 'faq-try-hit-h3']);
    expect(screen.getByTestId('faq-try-score-h1').textContent).toBe('Score 7.12');
    expect(screen.getByTestId('faq-try-score-h3').textContent).toBe('Score 0.25');
    const search = sent.find((c) => c.path === '/customer-service/faqs/search');
    expect(search?.query.get('q')).toBe('reset robot');
    expect(search?.query.has('language')).toBe(false);
  });

  it('says when nothing is found', async () => {
    host({ hits: [] });
    renderPage(Faqs, PAGES.faq, ALL);
    await screen.findByText('How do I reset the robot?');
    ask('warranty');
    expect(await screen.findByText('No FAQ answers this question.')).toBeTruthy();
    expect(within(screen.getByTestId('faq-try-results')).queryAllByRole('listitem')).toEqual([]);
  });

  it('leaves the refusal to the request layer when there is no index yet', async () => {
    const notify = vi.fn();
    configureRequest({ notify });
    host({
      other: (call) => (call.path === '/customer-service/faqs/search' ? { code: 409, msg: 'The search index has not been created yet: create it, then import the FAQs.' } : undefined),
    });
    renderPage(Faqs, PAGES.faq, ALL);
    await screen.findByText('How do I reset the robot?');
    ask('reset');
    await waitFor(() => expect(notify).toHaveBeenCalledWith('The search index has not been created yet: create it, then import the FAQs.', 3));
    expect(screen.queryByTestId('faq-try-results')).toBeNull();
  });
});
