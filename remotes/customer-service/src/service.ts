// The customer-service plugin's routes (plugins/customer-service/plugin.toml), as the pages call them.
import { api, type Page } from '@console/sdk';

import type {
  AccountChoice,
  Chat,
  ChatMessage,
  Faq,
  FaqHit,
  FaqIndexState,
  FaqOptions,
  Language,
  OrderAction,
  OrderOptions,
  ProductOption,
  QuestionType,
  Seat,
  SeatChoice,
  SeatState,
  ServiceSettings,
  TypeNode,
  Waiting,
  WorkOrder,
  Presence,
} from './types';

export const MOUNT = 'customer-service';
export const BASE = `/${MOUNT}`;

/** The resource paths (the SDK's Resource convention: list and add here, one at `<path>/<id>`). */
export const PATHS = {
  faqs: `${BASE}/faqs`,
  questionTypes: `${BASE}/question-types`,
  languages: `${BASE}/languages`,
  seats: `${BASE}/seats`,
} as const;

export type Params = Record<string, string | number | boolean | undefined>;
/** Form values as they are sent. */
export type Body = Record<string, unknown>;

const one = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;

/** Options for selects: at most the first 100 (the page size of option lists). */
const OPTIONS = { page: 1, pageSize: 100 };
/** Question types are few and shown as one tree: all of them at once (the server's largest page). */
const ALL_TYPES = 1000;

export const faqs = {
  list: (params: Params) => api.get<Page<Faq>>(PATHS.faqs, params),
  /** Quiet: a refused field shows on it in the form. */
  create: (body: Body) => api.post<Faq>(PATHS.faqs, body, { quiet: true }),
  update: (id: string, body: Body) => api.put<Faq>(one(PATHS.faqs, id), body, { quiet: true }),
  remove: (id: string, confirmName: string) => api.delete(one(PATHS.faqs, id), { confirmName }),
  /** Not quiet: a refusal (no index yet, 409) is the server's, toasted. */
  search: (q: string, language: string | undefined) => api.get<FaqHit[]>(`${PATHS.faqs}/search`, { q, language }),
  /** The products an FAQ can be for. */
  products: () => api.get<ProductOption[]>(`${BASE}/products`, undefined, { quiet: true }),
  /** The question types and languages an FAQ is filed under (the FAQ page's own view action). */
  options: () => api.get<FaqOptions>(`${BASE}/faq-options`, undefined, { quiet: true }),
};

/** The FAQ index: its state and the four actions. */
export const faqIndex = {
  state: () => api.get<FaqIndexState>(`${BASE}/faq-index`),
  create: () => api.post<{ created: boolean }>(`${BASE}/faq-index/create`, {}),
  importFaqs: () => api.post<{ imported: number }>(`${BASE}/faq-index/import`, {}),
  clear: () => api.post<{ removed: number }>(`${BASE}/faq-index/clear`, {}),
  remove: () => api.post<{ deleted: boolean }>(`${BASE}/faq-index/delete`, {}),
};

export const questionTypes = {
  /** Every type matching the query, to be nested on the page. */
  all: (params: Params) => api.get<Page<QuestionType>>(PATHS.questionTypes, { ...params, page: 1, pageSize: ALL_TYPES }),
  tree: () => api.get<TypeNode[]>(`${PATHS.questionTypes}/tree`, undefined, { quiet: true }),
  create: (body: Body) => api.post<QuestionType>(PATHS.questionTypes, body, { quiet: true }),
  update: (id: string, body: Body) => api.put<QuestionType>(one(PATHS.questionTypes, id), body, { quiet: true }),
  remove: (id: string, confirmName: string) => api.delete(one(PATHS.questionTypes, id), { confirmName }),
};

export const languages = {
  options: () => api.get<Page<Language>>(PATHS.languages, OPTIONS, { quiet: true }),
  update: (id: string, body: Body) => api.put<Language>(one(PATHS.languages, id), body),
};

/** A query form's text value as a query parameter. */
export function param(value: unknown): string | undefined {
  if (typeof value === 'boolean') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The four lists of work orders, each its page's own route and view action. */
export const ORDER_LISTS = {
  records: { path: `${BASE}/work-orders`, view: 'cs:order:view' },
  mine: { path: `${BASE}/work-orders/mine`, view: 'cs:order:mine' },
  user: { path: `${BASE}/work-orders/user`, view: 'cs:order:user' },
  enterprise: { path: `${BASE}/work-orders/enterprise`, view: 'cs:order:enterprise' },
} as const;
export type OrderList = keyof typeof ORDER_LISTS;

export const workOrders = {
  list: (list: OrderList, params: Params) => api.get<Page<WorkOrder>>(ORDER_LISTS[list].path, params),
  /** Quiet: a refused field shows on it in the form. */
  act: (id: string, action: OrderAction, body: Body) => api.post<WorkOrder>(`${BASE}/work-orders/${encodeURIComponent(id)}/${action}`, body, { quiet: true }),
  create: (body: Body) => api.post<WorkOrder>(`${BASE}/work-orders`, body, { quiet: true }),
  urge: (id: string) => api.post<WorkOrder>(`${BASE}/work-orders/${encodeURIComponent(id)}/urge`, {}),
  /** The records' export, run as a task (the SDK's `useExportTask`). */
  exportPath: `${BASE}/work-orders/export`,
  options: () => api.get<OrderOptions>(`${BASE}/work-order-options`, undefined, { quiet: true }),
  /** The question categories, for an enterprise's order (the submit action's own route). */
  types: () => api.get<TypeNode[]>(`${BASE}/work-order-types`, undefined, { quiet: true }),
};

export const seats = {
  accounts: (text: string) => api.get<AccountChoice[]>(`${BASE}/seat-accounts`, { text }, { quiet: true }),
};

export const workspace = {
  presence: () => api.post<Presence>(`${BASE}/workspace/presence`, {}, { quiet: true }),
  seat: () => api.get<{ seat: Seat | null }>(`${BASE}/workspace/seat`, undefined, { quiet: true }),
  questionTypes: () => api.get<TypeNode[]>(`${BASE}/workspace/question-types`, undefined, { quiet: true }),
  away: () => api.post(`${BASE}/workspace/away`, {}, { quiet: true }),
  busy: (busy: boolean) => api.post<{ seat: Seat; state: SeatState }>(`${BASE}/workspace/busy`, { busy }),
  queue: () => api.get<Waiting[]>(`${BASE}/workspace/queue`, undefined, { quiet: true }),
  seats: () => api.get<(SeatChoice & { state: SeatState })[]>(`${BASE}/workspace/seats`),
  messages: (chatId: string, after: number) => api.get<ChatMessage[]>(`${BASE}/workspace/chats/${encodeURIComponent(chatId)}/messages`, { after }, { quiet: true }),
  send: (chatId: string, body: Body) => api.post<ChatMessage>(`${BASE}/workspace/chats/${encodeURIComponent(chatId)}/send`, body, { quiet: true }),
  transfer: (chatId: string, seatId: string) => api.post<Chat>(`${BASE}/workspace/chats/${encodeURIComponent(chatId)}/transfer`, { seatId }, { quiet: true }),
  fileOrder: (chatId: string, body: Body) => api.post<WorkOrder>(`${BASE}/workspace/chats/${encodeURIComponent(chatId)}/work-order`, body, { quiet: true }),
  end: (chatId: string, body: Body) => api.post<Chat>(`${BASE}/workspace/chats/${encodeURIComponent(chatId)}/end`, body, { quiet: true }),
};

export const serviceSettings = {
  get: () => api.get<ServiceSettings>(`${BASE}/settings`),
  save: (body: Body) => api.put<ServiceSettings>(`${BASE}/settings`, body, { quiet: true }),
};
