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
 * Who an FAQ is for (faq.rs `ROLES`, spec §6 actors): everyone (empty), end users,
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
