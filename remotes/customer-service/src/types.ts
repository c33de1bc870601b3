// The customer-service plugin's records as its routes answer them (plugins/customer-service/src/*.rs),
// and the limits the pages mirror for comfort; the server checks every one of them again.
import { LANGUAGES } from '@console/sdk';

/** What every stored record carries (the SDK's `Doc`). */
export interface Stored {
  id: string;
  version: number;
  createdAt: number;
  updatedAt: number;
}

/** A file the host measured and the plugin keeps (the SDK's `StoredFile`). */
export interface StoredFile {
  fileName: string;
  object: string;
  size: number;
  sha256: string;
  md5: string;
}

/** The console's seven languages (this remote's own strings, not the service languages). */
export const LANGS = LANGUAGES;
export type Lang = (typeof LANGS)[number];

/**
 * Who an FAQ is for (faq.rs `ROLES`): everyone (empty), end users,
 * customer-service agents, engineers, enterprise users, administrators.
 */
export const ROLES = ['', 'endUser', 'agent', 'engineer', 'enterprise', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** One of the FAQ (faq.rs `Faq`). */
export interface Faq extends Stored {
  question: string;
  answer: string;
  image: StoredFile | null;
  questionTypeId: string;
  /** "Category / subcategory" for a subcategory. */
  questionTypeName: string;
  productId: string;
  productName: string;
  /** The ID group the entry belongs to. */
  groupId: string;
  role: Role;
  sortWeight: number;
  /** End users who said the answer solved their problem, and who said it did not. */
  solved: number;
  unsolved: number;
  /** A service language's code. */
  language: string;
}

/** What a question finds in the FAQ index (faq.rs `Answer`); a higher score is a better match. */
export interface FaqHit {
  id: string;
  question: string;
  answer: string;
  score: number;
}

/** The FAQ index beside the database (faq.rs `IndexState`). */
export interface FaqIndexState {
  exists: boolean;
  documents: number;
  /** FAQs in the database. */
  faqs: number;
  updatedAt: number | null;
}

/** A question type (question_types.rs `QuestionType`): a category, or a subcategory of one. */
export interface QuestionType extends Stored {
  name: string;
  /** The category of a subcategory; null for a category. */
  parentId: string | null;
  sort: number;
}

/** A question type in the tree (question_types.rs `TypeNode`): categories with their subcategories. */
export interface TypeNode {
  id: string;
  name: string;
  children: TypeNode[];
}

/** A language an FAQ can be written in (faq.rs `LanguageOption`): a service language, or the platform's while none is configured. */
export interface LanguageChoice {
  code: string;
  name: string;
  isDefault: boolean;
}

/** What an FAQ is filed under (faq.rs `FaqOptions`), for whoever may read the FAQ. */
export interface FaqOptions {
  questionTypes: TypeNode[];
  languages: LanguageChoice[];
}

/** A service language (languages.rs `Language`). */
export interface Language extends Stored {
  name: string;
  englishName: string;
  /** `zhCn`, `en`, `pt-BR`. */
  code: string;
  isDefault: boolean;
}

/** A product an FAQ can be for (faq.rs `products`). */
export interface ProductOption {
  id: string;
  name: string;
}

/** Limits the server checks too. */
export const MAX_QUESTION = 500;
export const MAX_ANSWER = 5000;
export const MAX_GROUP_ID = 64;
export const MAX_SORT = 9999;
export const MAX_LANGUAGE_CODE = 16;
export const MAX_NAME = 80;
/** An FAQ's image: PNG, JPEG, GIF or WebP of at most 2 MB (plugin.toml `faq-image`). */
export const IMAGE_MIB = 2;

// Work orders (work_orders.rs, order_flow.rs).

export const ORDER_STATUSES = ['unassigned', 'assigned', 'inProgress', 'urgent', 'handled', 'closed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_ACTIONS = ['assign', 'process', 'transfer', 'engineer', 'summarise', 'close'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/**
 * What an agent may do to an order in each status: order_flow.rs's table, mirrored so that the
 * page offers only these (the server refuses the others anyway).
 */
export const AGENT_ACTIONS: Record<OrderStatus, OrderAction[]> = {
  unassigned: ['assign', 'transfer', 'close'],
  assigned: ['assign', 'process', 'transfer', 'engineer', 'summarise', 'close'],
  inProgress: ['process', 'transfer', 'engineer', 'summarise', 'close'],
  urgent: ['assign', 'process', 'transfer', 'engineer', 'summarise', 'close'],
  handled: ['process', 'summarise', 'close'],
  closed: [],
};
/** An order that can still be urged. */
export const URGEABLE: OrderStatus[] = ['unassigned', 'assigned', 'inProgress'];
export const SCORES = ['satisfied', 'average', 'unsatisfied'] as const;

export interface Rating {
  score: (typeof SCORES)[number];
  solved: boolean;
  comment: string;
  ratedAt: number;
}

export interface Step {
  at: number;
  by: string;
  action: string;
  from: string;
  to: string;
  note: string;
}

export interface WorkOrder extends Stored {
  number: string;
  status: OrderStatus;
  type: 'online' | 'offline';
  origin: 'user' | 'enterprise';
  channel: 'chat' | 'app' | 'console';
  description: string;
  productId: string;
  productName: string;
  deviceSn: string;
  questionTypeId: string;
  questionTypeName: string;
  username: string;
  nickname: string;
  submittedAt: number;
  submitter: string;
  handlerSeatNumber: string;
  handlerId: number;
  handlerName: string;
  engineer: string;
  summaryTitle: string;
  summaryContent: string;
  rating: Rating | null;
  urged: boolean;
  resolved: boolean;
  chatId: string;
  firstResponseAt: number;
  resolvedAt: number;
  dueFirstResponse: number;
  dueResolution: number;
  breached: boolean;
  breachedFirstResponse: boolean;
  breachedResolution: boolean;
  history: Step[];
  /** Time left to the first response while it is due (negative: overdue). */
  firstResponseLeftMs: number | null;
  /** Time left to the resolution while the order is open. */
  resolutionLeftMs: number | null;
}

export interface SeatChoice {
  id: string;
  number: string;
  agentName: string;
}

export interface OrderOptions {
  questionTypes: TypeNode[];
  seats: SeatChoice[];
}

// Seats (seats.rs, periods.rs).

export const PERIOD_DAYS = ['everyday', 'weekdays', 'weekend', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type PeriodDays = (typeof PERIOD_DAYS)[number];
/** `HH:MM` from 00:00 to 24:00. */
export const TIME_OF_DAY = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
export const MAX_SEAT_USERS = 50;
export const MAX_PERIODS = 14;

export interface Period {
  days: PeriodDays;
  start: string;
  end: string;
}

export interface SeatState {
  online: boolean;
  onDuty: boolean;
  active: number;
  status: 'free' | 'busy';
}

export interface Seat extends Stored {
  number: string;
  accountId: number;
  userName: string;
  agentName: string;
  maxUsers: number;
  manualBusy: boolean;
  timeZone: string;
  periods: Period[];
  state: SeatState | null;
}

export interface AccountChoice {
  id: number;
  userName: string;
  name: string;
}

// Chats (chats.rs).

export type ChatState = 'bot' | 'queued' | 'connected' | 'transferred' | 'disconnected';

export interface Chat extends Stored {
  username: string;
  app: string;
  language: string;
  productId: string;
  deviceSn: string;
  state: ChatState;
  active: boolean;
  ticket: number;
  seatId: string;
  seatNumber: string;
  agentId: number;
  agentName: string;
  startedAt: number;
  queuedAt: number;
  connectedAt: number;
  endedAt: number;
  endedBy: string;
  workOrderId: string;
  workOrderNumber: string;
  /** While queued: how many wait ahead, and in all. */
  ahead?: number;
  waiting?: number;
}

export interface Attachment {
  object: string;
  fileName: string;
  size: number;
  contentType: string;
  kind: 'image' | 'video';
}

export interface BotAnswer {
  faqId: string;
  question: string;
  answer: string;
}

export interface ChatMessage extends Stored {
  chatId: string;
  from: 'user' | 'bot' | 'agent' | 'system';
  author: string;
  text: string;
  attachment: Attachment | null;
  answers: BotAnswer[];
  offerHuman: boolean;
  event: string;
  detail: Record<string, unknown> | null;
  sentAt: number;
  /** A link that opens the shared file. */
  url: string | null;
}

export interface Presence {
  seat: Seat;
  state: SeatState;
  chats: Chat[];
  waiting: number;
}

export interface Waiting {
  id: string;
  username: string;
  language: string;
  queuedAt: number;
}

// Settings (settings.rs).

export interface ServiceSettings {
  firstResponseMinutes: number;
  resolutionHours: number;
  queueLimit: number;
  greeting: string;
  version: number;
}
