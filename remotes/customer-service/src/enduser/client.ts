// What the end user's chat page asks of the platform: the app plugin's sign-in and the
// customer-service plugin's app routes, with the app's key (`authorization: Device <key>`); the
// chat's socket offers the key as its subprotocol (a browser's websocket sets no header).
import type { Chat, ChatMessage, WorkOrder } from '../types';

export class Refused extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly field?: string,
  ) {
    super(message);
  }
}

export interface Client {
  key: string;
  token: string;
  lang: string;
}

async function post<T>(client: Pick<Client, 'key' | 'lang'>, path: string, body: unknown): Promise<T> {
  const answer = await fetch(`/api/device${path}`, {
    method: 'POST',
    headers: { authorization: `Device ${client.key}`, 'content-type': 'application/json', lang: client.lang },
    body: JSON.stringify(body),
  });
  const envelope = (await answer.json()) as { code: number; msg: string; data: unknown };
  if (envelope.code !== 200) throw new Refused(envelope.msg, envelope.code, (envelope.data as { field?: string } | null)?.field);
  return envelope.data as T;
}

const cs = (client: Client, path: string, body: Record<string, unknown> = {}) => post(client, `/customer-service/app${path}`, { ...body, userToken: client.token });

export const signIn = (client: Pick<Client, 'key' | 'lang'>, username: string, password: string) =>
  post<{ token: string }>(client, '/app-service/app/users/sign-in', { username, password }).then((a) => a.token);

export const chatApi = {
  start: (c: Client) => cs(c, '/chats', { language: c.lang }) as Promise<Chat>,
  state: (c: Client, id: string) => cs(c, `/chats/${id}/state`) as Promise<Chat>,
  messages: (c: Client, id: string, after: number) => cs(c, `/chats/${id}/messages`, { after }) as Promise<ChatMessage[]>,
  send: (c: Client, id: string, text: string, uploadId = '') => cs(c, `/chats/${id}/send`, { text, uploadId }) as Promise<ChatMessage>,
  human: (c: Client, id: string) => cs(c, `/chats/${id}/human`) as Promise<Chat>,
  leave: (c: Client, id: string) => cs(c, `/chats/${id}/leave`) as Promise<Chat>,
  orders: (c: Client) => cs(c, '/work-orders/list') as Promise<WorkOrder[]>,
  rate: (c: Client, body: Record<string, unknown>) => cs(c, '/work-orders/rate', body) as Promise<WorkOrder>,
};

/** Streams a file to the host's large-file upload for the chat: its upload id. */
export async function upload(client: Client, file: File): Promise<string> {
  const answer = await fetch(`/api/device-files/upload/customer-service/chat-file-app?fileName=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    headers: { authorization: `Device ${client.key}`, 'content-type': 'application/octet-stream', lang: client.lang },
    body: file,
  });
  const envelope = (await answer.json()) as { code: number; msg: string; data: { uploadId: string } };
  if (envelope.code !== 200) throw new Refused(envelope.msg, envelope.code);
  return envelope.data.uploadId;
}

/** The chat's socket; `onFrame` gets each frame after the route's answer. */
export function openSocket(client: Client, chatId: string, onFrame: (frame: SocketFrame) => void, onClose: () => void): WebSocket {
  const { protocol, host } = window.location;
  const socket = new WebSocket(`${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/device/customer-service/app/chats/live`, ['device.v1', client.key]);
  socket.onopen = () => socket.send(JSON.stringify({ userToken: client.token, chatId }));
  socket.onmessage = (event) => {
    try {
      onFrame(JSON.parse(String(event.data)) as SocketFrame);
    } catch {
      // Not JSON: nothing the page can use.
    }
  };
  socket.onclose = onClose;
  return socket;
}

/** What the socket brings: first the route's answer, then the channels' messages. */
export type SocketFrame = { code: number; msg: string; data: { channels: string[]; chat: Chat } | { field?: string } | null } | { channel: string; message: LiveMessage };

export type LiveMessage = { type: 'message'; message: ChatMessage } | { type: 'state'; chat: Chat } | { type: 'queue'; left?: number; joined?: number; waiting: number };
