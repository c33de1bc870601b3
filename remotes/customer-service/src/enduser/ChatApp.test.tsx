import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Chat, ChatMessage, WorkOrder } from '../types';
import { ChatApp } from './ChatApp';
import { LANGS, TEXTS } from './texts';

class FakeSocket {
  static open: FakeSocket[] = [];
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.open.push(this);
    setTimeout(() => this.onopen?.(), 0);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {}
  emit(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

const CHAT: Chat = {
  id: 'c1',
  version: 1,
  createdAt: 0,
  updatedAt: 0,
  username: 'dan',
  app: 'app',
  language: 'en',
  productId: '',
  deviceSn: '',
  state: 'queued',
  active: false,
  ticket: 5000,
  seatId: '',
  seatNumber: '',
  agentId: 0,
  agentName: '',
  startedAt: 1,
  queuedAt: 2,
  connectedAt: 0,
  endedAt: 0,
  endedBy: '',
  workOrderId: '',
  workOrderNumber: '',
  ahead: 2,
  waiting: 3,
};
const ORDER = { id: 'o1', number: 'WO1', status: 'closed', rating: null, summaryTitle: 'Brush', summaryContent: 'Replace the brush.' } as unknown as WorkOrder;

interface Call {
  path: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** Plays the host; `refusals` answers the paths ending so with that code (and field) instead. */
function host(orders: WorkOrder[] = [], refusals: Record<string, [number, string?]> = {}) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', (input: string, init: RequestInit) => {
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    calls.push({ path: String(input), body, headers: init.headers as Record<string, string> });
    const refused = Object.entries(refusals).find(([end]) => String(input).endsWith(end));
    if (refused) return Promise.resolve(new Response(JSON.stringify({ code: refused[1][0], msg: 'refused', data: refused[1][1] ? { field: refused[1][1] } : null })));
    const data =
      String(input).endsWith('/chats') || String(input).endsWith('/state')
        ? CHAT
        : String(input).endsWith('/messages')
          ? ([] as ChatMessage[])
          : String(input).endsWith('/work-orders/list')
            ? orders
            : null;
    return Promise.resolve(new Response(JSON.stringify({ code: 200, msg: 'ok', data })));
  });
  return calls;
}

beforeEach(() => {
  FakeSocket.open = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => vi.unstubAllGlobals());

const start = { key: 'app-key', token: 'session', lang: 'en' };

describe('the end user’s chat page', { timeout: 30_000 }, () => {
  it('opens the chat with the app key, and tells a waiting user how many are ahead as the queue moves', async () => {
    const calls = host();
    render(<ChatApp start={start} texts={TEXTS.en} onSignedIn={() => undefined} />);
    expect((await screen.findByTestId('enduser-busy')).textContent).toBe('The customer service is busy, please wait. You are number 3 in the queue.');
    expect(calls[0]).toMatchObject({ path: '/api/device/customer-service/app/chats', body: { userToken: 'session', language: 'en' } });
    expect(calls[0].headers.authorization).toBe('Device app-key');
    const socket = FakeSocket.open[0];
    expect(socket.protocols).toEqual(['device.v1', 'app-key']);
    await waitFor(() => expect(socket.sent).toEqual([JSON.stringify({ userToken: 'session', chatId: 'c1' })]));
    act(() => socket.emit({ channel: 'queue', message: { type: 'queue', left: 4000, waiting: 2 } }));
    expect(screen.getByTestId('enduser-busy').textContent).toBe('The customer service is busy, please wait. You are number 2 in the queue.');
    // Someone behind him left: his place does not change.
    act(() => socket.emit({ channel: 'queue', message: { type: 'queue', left: 9000, waiting: 1 } }));
    expect(screen.getByTestId('enduser-busy').textContent).toBe('The customer service is busy, please wait. You are number 2 in the queue.');
    // A chat whose agent left is put back ahead of him: one more ahead.
    act(() => socket.emit({ channel: 'queue', message: { type: 'queue', joined: 1000, waiting: 2 } }));
    expect(screen.getByTestId('enduser-busy').textContent).toBe('The customer service is busy, please wait. You are number 3 in the queue.');
    act(() => socket.emit({ channel: 'chat:c1', message: { type: 'state', chat: { ...CHAT, state: 'connected', agentName: 'Ann', ahead: 0 } } }));
    expect(screen.getByTestId('enduser-state').textContent).toBe('With Ann');
    expect(screen.queryByTestId('enduser-busy')).toBeNull();
  });

  it('asks where a waiting user is every 20 s, so that a hand-over whose frame was lost still shows', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const calls = host();
      render(<ChatApp start={start} texts={TEXTS.en} onSignedIn={() => undefined} />);
      await screen.findByTestId('enduser-busy');
      const asked = () => calls.filter((c) => c.path.endsWith('/app/chats/c1/state'));
      expect(asked()).toHaveLength(0);
      // The first ask finds him still waiting (the fake host answers nothing new).
      await act(async () => void vi.advanceTimersByTime(20_000));
      expect(asked()).toHaveLength(1);
      expect(asked()[0].body).toEqual({ userToken: 'session' });
      expect(screen.getByTestId('enduser-busy')).toBeTruthy();
      // The next finds him with Ann, though no frame said so.
      vi.stubGlobal('fetch', (input: string) => {
        const data = String(input).endsWith('/state') ? { ...CHAT, state: 'connected', agentName: 'Ann', ahead: 0 } : [];
        return Promise.resolve(new Response(JSON.stringify({ code: 200, msg: 'ok', data })));
      });
      await act(async () => void vi.advanceTimersByTime(20_000));
      await waitFor(() => expect(screen.getByTestId('enduser-state').textContent).toBe('With Ann'));
      expect(screen.queryByTestId('enduser-busy')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends nothing empty, asks for a file before sending one, and takes only images or videos', async () => {
    const calls = host();
    render(<ChatApp start={start} texts={TEXTS.en} onSignedIn={() => undefined} />);
    const input = await screen.findByTestId('enduser-input');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((await screen.findByTestId('enduser-notice')).textContent).toBe('Cannot send an empty message.');
    fireEvent.click(screen.getByTestId('enduser-share'));
    fireEvent.click(await screen.findByTestId('enduser-send-file'));
    expect(screen.getByTestId('enduser-notice').textContent).toBe('Please choose a file first.');
    const notes = new File(['words'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(screen.getByTestId('enduser-file'), { target: { files: [notes] } });
    fireEvent.click(screen.getByTestId('enduser-send-file'));
    expect(screen.getByTestId('enduser-notice').textContent).toBe('Only images or videos can be sent.');
    expect(calls.some((c) => c.path.includes('/send') || c.path.includes('device-files'))).toBe(false);
  });

  it('rates a work order only once it is chosen and whether the problem is solved is said', async () => {
    const calls = host([ORDER, { ...ORDER, id: 'o2', number: 'WO2' } as WorkOrder]);
    render(<ChatApp start={start} texts={TEXTS.en} onSignedIn={() => undefined} />);
    fireEvent.click(await screen.findByTestId('enduser-rate'));
    expect((await screen.findByTestId('enduser-notice')).textContent).toBe('Please select a work order to rate.');
    fireEvent.change(screen.getByTestId('enduser-rate-order'), { target: { value: 'o1' } });
    fireEvent.click(screen.getByTestId('enduser-score-satisfied'));
    fireEvent.click(screen.getByTestId('enduser-rate'));
    expect(screen.getByTestId('enduser-notice').textContent).toBe('Please select whether the problem is solved.');
    fireEvent.click(screen.getByTestId('enduser-solved-yes'));
    fireEvent.click(screen.getByTestId('enduser-rate'));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/work-orders/rate'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/work-orders/rate'))?.body).toMatchObject({ workOrderId: 'o1', score: 'satisfied', solved: true });
  });

  it('says when the work orders cannot be fetched, and when the one rated is no longer there', async () => {
    host([], { '/work-orders/list': [500] });
    const { unmount } = render(<ChatApp start={start} texts={TEXTS.en} onSignedIn={() => undefined} />);
    expect((await screen.findByTestId('enduser-notice')).textContent).toBe('The work order information could not be fetched.');
    unmount();
    // The plugin refuses an order that is not the user's to rate by its field.
    host([ORDER], { '/work-orders/rate': [400, 'workOrderId'] });
    render(<ChatApp start={start} texts={TEXTS.de} onSignedIn={() => undefined} />);
    fireEvent.click(await screen.findByTestId('enduser-score-satisfied'));
    fireEvent.click(screen.getByTestId('enduser-solved-yes'));
    fireEvent.click(screen.getByTestId('enduser-rate'));
    await waitFor(() => expect(screen.getByTestId('enduser-notice').textContent).toBe('Die Angaben zum Arbeitsauftrag sind fehlerhaft.'));
  });

  it('asks an app opened without a session to sign in, and one without a key to open from the app', async () => {
    host();
    const { unmount } = render(<ChatApp start={{ ...start, token: '' }} texts={TEXTS.de} onSignedIn={() => undefined} />);
    expect((await screen.findByTestId('enduser-sign-in')).textContent).toContain('Anmelden');
    unmount();
    render(<ChatApp start={{ ...start, key: '' }} texts={TEXTS.en} onSignedIn={() => undefined} />);
    expect(screen.getByTestId('enduser-no-key').textContent).toBe('Open this page from the app.');
  });
});

describe('the chat page: seven languages, complete', () => {
  it.each(LANGS.filter((l) => l !== 'en'))('%s has every text, with the same placeholders', (lang) => {
    const en = TEXTS.en as Record<string, string>;
    const theirs = TEXTS[lang] as Record<string, string>;
    const holes = (text: string) =>
      [...text.matchAll(/{{\s*(\w+)\s*}}/g)]
        .map((m) => m[1])
        .sort()
        .join();
    expect(Object.keys(en).filter((k) => !theirs[k] || holes(theirs[k]) !== holes(en[k]))).toEqual([]);
  });
});
