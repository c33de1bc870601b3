import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { addSdkStrings } from '@console/sdk';

import { PAGES, renderPage, serve, type Sent } from './testing';
import type { Chat, ChatMessage, Presence } from './types';
import Workspace from './Workspace';

/** The console's event socket, played by the test. */
class FakeSocket {
  static open: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.open.push(this);
    setTimeout(() => this.onopen?.(), 0);
  }
  close() {}
  emit(event: unknown) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
}

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});
beforeEach(() => {
  FakeSocket.open = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => vi.unstubAllGlobals());

const CHAT: Chat = {
  id: 'c1',
  version: 3,
  createdAt: 0,
  updatedAt: 0,
  username: 'dan@example.com',
  app: 'Robot Home',
  language: 'en',
  productId: '',
  deviceSn: '',
  state: 'connected',
  active: true,
  ticket: 0,
  seatId: 's1',
  seatNumber: 'A01',
  agentId: 7,
  agentName: 'Ann',
  startedAt: 1,
  queuedAt: 2,
  connectedAt: 3,
  endedAt: 0,
  endedBy: '',
  workOrderId: '',
  workOrderNumber: '',
};
const PRESENCE: Presence = {
  seat: { id: 's1', version: 1, createdAt: 0, updatedAt: 0, number: 'A01', accountId: 7, userName: 'ann', agentName: 'Ann', maxUsers: 3, manualBusy: false, timeZone: 'UTC', periods: [], state: null },
  state: { online: true, onDuty: true, active: 1, status: 'free' },
  chats: [CHAT],
  waiting: 2,
};
const message = (id: string, from: ChatMessage['from'], text: string, sentAt: number): ChatMessage => ({
  id,
  version: 1,
  createdAt: 0,
  updatedAt: 0,
  chatId: 'c1',
  from,
  author: from === 'agent' ? 'Ann' : 'dan',
  text,
  attachment: null,
  answers: [],
  offerHuman: false,
  event: '',
  detail: null,
  sentAt,
  url: null,
});
const sends = (sent: Sent[]) => sent.filter((c) => c.path.endsWith('/send'));

function host() {
  return serve((call) => {
    if (call.path === '/customer-service/workspace/seat') return { data: { seat: PRESENCE.seat } };
    if (call.path === '/customer-service/workspace/question-types') return { data: [{ id: 't1', name: 'Cleaning', children: [] }] };
    if (call.path === '/customer-service/workspace/presence') return { data: PRESENCE };
    if (call.path === '/customer-service/workspace/queue') return { data: [{ id: 'c9', username: 'eve', language: 'en', queuedAt: 5 }] };
    if (call.path.endsWith('/messages')) return { data: [message('m1', 'user', 'My robot is stuck', 10)] };
    if (call.path.endsWith('/send')) return { data: message('m2', 'agent', (call.body as { text: string }).text, 20) };
    return { data: null };
  });
}

describe('the agent workspace', { timeout: 30_000 }, () => {
  it('sends on Enter, breaks the line on Shift+Enter, and refuses an empty message', async () => {
    const sent = host();
    renderPage(Workspace, PAGES.serviceCenter, ['cs:chat:serve']);
    fireEvent.click(await screen.findByTestId('workspace-chat-dan@example.com'));
    expect(await screen.findByText('My robot is stuck')).toBeTruthy();
    const input = screen.getByTestId('chat-input');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('Cannot send an empty message.')).toBeTruthy();
    expect(sends(sent)).toEqual([]);
    fireEvent.change(input, { target: { value: 'Hello Dan' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(sends(sent)).toEqual([]);
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(sends(sent)).toHaveLength(1));
    expect(sends(sent)[0]).toMatchObject({ path: '/customer-service/workspace/chats/c1/send', body: { text: 'Hello Dan' } });
    expect(await screen.findByText('Hello Dan')).toBeTruthy();
  });

  it('shows what the user writes as it arrives, and the queue moving', async () => {
    host();
    renderPage(Workspace, PAGES.serviceCenter, ['cs:chat:serve']);
    fireEvent.click(await screen.findByTestId('workspace-chat-dan@example.com'));
    await screen.findByText('My robot is stuck');
    expect(screen.getByTestId('workspace-waiting').textContent).toBe('2 waiting');
    const socket = FakeSocket.open[0];
    expect(socket.url).toMatch(/\/api\/events\/ws$/);
    // Once live, the page reads its state again (what it may have missed): let that settle.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    act(() => {
      socket.emit({ tenantId: 1, plugin: 'customer-service', topic: 'customer-service.chat', payload: { type: 'message', chatId: 'c1', message: message('m3', 'user', 'Here is the photo', 30) } });
      socket.emit({ tenantId: 1, plugin: 'customer-service', topic: 'customer-service.queue', payload: { waiting: 1 } });
    });
    expect(await screen.findByText('Here is the photo')).toBeTruthy();
    expect(screen.getByTestId('workspace-waiting').textContent).toBe('1 waiting');
  });

  it('asks a chat closed into a work order for its summary', async () => {
    const sent = host();
    renderPage(Workspace, PAGES.serviceCenter, ['cs:chat:serve']);
    fireEvent.click(await screen.findByTestId('workspace-chat-dan@example.com'));
    fireEvent.click(await screen.findByTestId('chat-end'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(dialog.querySelector('.ant-btn-primary') as HTMLElement);
    expect(await screen.findByText('A work-order summary is required.')).toBeTruthy();
    expect(sent.some((c) => c.path.endsWith('/end'))).toBe(false);
  });

  it('tells a user without a seat how to get one, and makes no call that would fail', async () => {
    const sent = serve((call) => (call.path === '/customer-service/workspace/seat' ? { data: { seat: null } } : { code: 409, msg: 'no seat' }));
    renderPage(Workspace, PAGES.serviceCenter, ['cs:chat:serve']);
    const told = await screen.findByTestId('workspace-no-seat');
    expect(told.textContent).toContain('You have no customer-service seat yet');
    expect(told.textContent).toContain('Customer service → Seats');
    expect(sent.map((c) => c.path)).toEqual(['/customer-service/workspace/seat']);
  });

  it("offers the question categories through the desk's own route", async () => {
    const sent = host();
    renderPage(Workspace, PAGES.serviceCenter, ['cs:chat:serve']);
    await screen.findByTestId('workspace-chat-dan@example.com');
    await waitFor(() => expect(sent.some((c) => c.path === '/customer-service/workspace/question-types')).toBe(true));
    expect(sent.some((c) => c.path.includes('work-order-options'))).toBe(false);
  });
});
