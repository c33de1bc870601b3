// The console's live events (`/api/events/ws`): the events of the plugins whose pages the user may
// see, and the live messages a plugin sends to this user alone (contract 0.1.10 `live.notify`).
// One socket per browser tab, shared by every page that listens; it is signed in by the session
// cookie and opened again after a drop, each time a little later (1 s up to 30 s).
import { useEffect, useRef, useState } from 'react';

export interface LiveEvent {
  tenantId: number;
  plugin: string;
  topic: string;
  payload: unknown;
  /** A live message to this user alone. */
  user?: number;
}

export type LiveStatus = 'connecting' | 'open' | 'closed';

type Listener = (event: LiveEvent) => void;

const listeners = new Set<Listener>();
const watchers = new Set<(status: LiveStatus) => void>();
let socket: WebSocket | null = null;
let status: LiveStatus = 'closed';
let retryMs = 1000;
let retry: ReturnType<typeof setTimeout> | null = null;

function setStatus(next: LiveStatus) {
  status = next;
  watchers.forEach((watch) => watch(next));
}

function url(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/events/ws`;
}

function open() {
  if (socket || listeners.size === 0 || typeof WebSocket === 'undefined') return;
  setStatus('connecting');
  const ws = new WebSocket(url());
  socket = ws;
  ws.onopen = () => {
    retryMs = 1000;
    setStatus('open');
  };
  ws.onmessage = (frame) => {
    let event: LiveEvent;
    try {
      event = JSON.parse(String(frame.data)) as LiveEvent;
    } catch {
      return;
    }
    listeners.forEach((listen) => listen(event));
  };
  ws.onclose = () => {
    // A socket closed on purpose, or replaced since, is not this tab's socket any more.
    if (socket !== ws) return;
    socket = null;
    setStatus('closed');
    if (listeners.size === 0) return;
    retry = setTimeout(() => {
      retry = null;
      open();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, 30_000);
  };
}

function close() {
  if (retry) clearTimeout(retry);
  retry = null;
  const closing = socket;
  socket = null;
  if (closing) {
    closing.onmessage = null;
    closing.close();
  }
  setStatus('closed');
}

/**
 * Calls `handler` with every live event whose topic starts with `topicPrefix`
 * (`customer-service.`); the socket opens with the first listener and closes with the last.
 * Returns the socket's status, for a page that says whether it is live.
 */
export function useLiveEvents(topicPrefix: string, handler: (event: LiveEvent) => void): LiveStatus {
  const current = useRef(handler);
  current.current = handler;
  const [seen, setSeen] = useState<LiveStatus>(status);
  useEffect(() => {
    const listener: Listener = (event) => {
      if (event.topic.startsWith(topicPrefix)) current.current(event);
    };
    listeners.add(listener);
    watchers.add(setSeen);
    open();
    setSeen(status);
    return () => {
      listeners.delete(listener);
      watchers.delete(setSeen);
      if (listeners.size === 0) close();
    };
  }, [topicPrefix]);
  return seen;
}
