// The content plugin's records as its routes answer them (plugins/content/src/*.rs), and the
// limits the pages mirror for comfort; the server checks every one of them again.
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

/** The console's seven languages (this remote's own strings). */
export const LANGS = LANGUAGES;
export type Lang = (typeof LANGS)[number];

/** An FAQ group (faq_groups.rs `FaqGroup`): the "ID group" FAQs are filed in. */
export interface FaqGroup extends Stored {
  name: string;
  description: string;
  sort: number;
}

/** Feedback is incomplete until someone replies or marks it completed (feedback.rs). */
export const FEEDBACK_STATUSES = ['incomplete', 'completed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** How a reply's mail fared: empty when none was sent (the contact is not an address). */
export type MailStatus = '' | 'sent' | 'failed';

/** User feedback (feedback.rs `Feedback`), as an app sent it and as it was answered. */
export interface Feedback extends Stored {
  contact: string;
  routerModel: string;
  smartScene: string;
  account: string;
  file: StoredFile | null;
  status: FeedbackStatus;
  reply: string;
  repliedAt: number | null;
  repliedBy: string;
  submittedAt: number;
  mailStatus: MailStatus;
}

/** A link to a feedback's attached file, signed for five minutes. */
export interface FileLink {
  url: string;
  fileName: string;
}

/** Who is mailed when feedback arrives (recipients.rs `Recipient`). */
export interface FeedbackEmail extends Stored {
  email: string;
  name: string;
}

/** The kinds of agreement an app shows (agreements.rs `TYPES`). */
export const AGREEMENT_TYPES = ['user', 'privacy', 'children', 'thirdParty'] as const;
export type AgreementType = (typeof AGREEMENT_TYPES)[number];

/** An agreement (agreements.rs `Agreement`): one per enterprise, language and type. */
export interface Agreement extends Stored {
  enterpriseId: number;
  enterpriseName: string;
  /** A platform language's code. */
  language: string;
  type: AgreementType;
  /** Plain text or Markdown. */
  content: string;
  /** Where the agreement is also published as a page of its own; empty when it is not. */
  address: string;
}

/** A manual (agreements.rs `Manual`): where a product's manual is, one per product and language. */
export interface Manual extends Stored {
  productId: string;
  productName: string;
  language: string;
  address: string;
}

/** One of the platform's languages (`GET /languages`). */
export interface LanguageOption {
  code: string;
  name: string;
}

/** A product a manual can be for (`GET /products`). */
export interface ProductOption {
  id: string;
  name: string;
}

/** An enterprise an agreement is for (the core's tenant list). */
export interface Enterprise {
  id: number;
  tenantName: string;
}

/** Limits the server checks too. */
export const MAX_NAME = 64;
export const MAX_DESCRIPTION = 500;
export const MAX_SORT = 9999;
export const MAX_EMAIL = 80;
export const MAX_REPLY = 2000;
export const MAX_CONTENT = 100_000;
export const MAX_LINK = 1024;

/** Portal content: what the public website shows, per language. */
export const PORTAL_KINDS = ['banner', 'news', 'announcement', 'page'] as const;
export type PortalKind = (typeof PORTAL_KINDS)[number];

export interface PortalEntry extends Stored {
  kind: PortalKind;
  language: string;
  title: string;
  summary: string;
  body: string;
  link: string;
  sort: number;
  published: boolean;
  publishedAt: number | null;
}
