import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { type LiveEvent, useLiveEvents } from './live';

class FakeSocket {
  static made: FakeSocket[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  close() {
    this.closed = true;
  }
  emit(event: Partial<LiveEvent>) {
    this.onmessage?.({ data: JSON.stringify({ tenantId: 1, plugin: 'p', payload: null, ...event }) });
  }
}

beforeEach(() => {
  FakeSocket.made = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('live events', () => {
  it('share one socket, give each listener its topics, and close with the last listener', () => {
    const chats: string[] = [];
    const orders: string[] = [];
    const first = renderHook(() => useLiveEvents('customer-service.chat', (e) => chats.push(e.topic)));
    const second = renderHook(() => useLiveEvents('customer-service.order', (e) => orders.push(e.topic)));
    expect(FakeSocket.made).toHaveLength(1);
    const socket = FakeSocket.made[0];
    expect(socket.url).toMatch(/^ws:\/\/.+\/api\/events\/ws$/);
    act(() => {
      socket.onopen?.();
      socket.emit({ topic: 'customer-service.chat' });
      socket.emit({ topic: 'customer-service.order' });
      socket.emit({ topic: 'pet.created' });
    });
    expect(chats).toEqual(['customer-service.chat']);
    expect(orders).toEqual(['customer-service.order']);
    expect(first.result.current).toBe('open');
    first.unmount();
    expect(socket.closed).toBe(false);
    second.unmount();
    expect(socket.closed).toBe(true);
  });

  it('opens the socket again after a drop, each time a little later', () => {
    const heard: string[] = [];
    const hook = renderHook(() => useLiveEvents('x.', (e) => heard.push(e.topic)));
    act(() => FakeSocket.made[0].onclose?.());
    expect(hook.result.current).toBe('closed');
    act(() => vi.advanceTimersByTime(1000));
    expect(FakeSocket.made).toHaveLength(2);
    act(() => FakeSocket.made[1].onclose?.());
    act(() => vi.advanceTimersByTime(1000));
    expect(FakeSocket.made).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1000));
    expect(FakeSocket.made).toHaveLength(3);
    act(() => {
      FakeSocket.made[2].onopen?.();
      FakeSocket.made[2].emit({ topic: 'x.y' });
    });
    expect(heard).toEqual(['x.y']);
    hook.unmount();
  });
});
