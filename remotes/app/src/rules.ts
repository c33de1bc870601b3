// The server's rules the forms mirror, so that a mistake shows as it is typed (the server checks
// each again): plain functions, tested in rules.test.ts.
import { SECRET_GENERATED } from './types';

/** An address users open: http or https, no spaces (app_products.rs `link`). */
export const HTTP_LINK = /^https?:\/\/[^\s/?#]+\S*$/;

/** An app code has no underscore. */
export const hasUnderscore = (code: string) => code.includes('_');

/** A copy key: letters, digits, underscores or hyphens (copies.rs `key`). */
export const COPY_KEY = /^[A-Za-z0-9_-]*$/;

/** A store's domain prefix: letters, digits, dots and hyphens (store.rs). */
export const DOMAIN_PREFIX = /^[A-Za-z0-9.-]+$/;

/** A bucket name as S3 and OSS take it: 3 to 63 lower-case letters, digits, dots and hyphens (storage.rs). */
export const BUCKET_NAME = /^[a-z0-9.-]{3,63}$/;

/** A questionnaire's name has only Chinese characters, English letters and digits. */
export const QUESTIONNAIRE_NAME = /^[A-Za-z0-9\u3400-\u4dbf\u4e00-\u9fff]+$/;

/**
 * The app user password: 6 to 18 characters, letters and digits both present, special characters
 * optional, no spaces (app_users.rs `password`).
 */
export function isAppUserPassword(value: string): boolean {
  const chars = [...value];
  return chars.length >= 6 && chars.length <= 18 && chars.every((c) => c >= '!' && c <= '~') && chars.some((c) => /[A-Za-z]/.test(c)) && chars.some((c) => /[0-9]/.test(c));
}

const SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random secret of letters and digits from the browser's cryptographic generator, unbiased. */
export function randomSecret(length = SECRET_GENERATED): string {
  const n = SECRET_ALPHABET.length;
  // Bytes at or above the largest multiple of the alphabet's size are drawn again.
  const limit = 256 - (256 % n);
  let secret = '';
  while (secret.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte < limit && secret.length < length) secret += SECRET_ALPHABET[byte % n];
    }
  }
  return secret;
}

const PLACEHOLDER_NAME = /^[\p{Alphabetic}\p{N}_]+$/u;

/** The placeholders of a copy text: `{0}`, `{name}`, and printf's `%s`, `%d`, `%@`, `%f`, `%1$s` (copies.rs `placeholders`). */
export function placeholders(text: string): number {
  const chars = [...text];
  let count = 0;
  let i = 0;
  while (i < chars.length) {
    if (chars[i] === '{') {
      const end = chars.slice(i + 1).indexOf('}');
      if (end >= 0) {
        const inner = chars.slice(i + 1, i + 1 + end).join('');
        if (PLACEHOLDER_NAME.test(inner)) count += 1;
        i += end + 2;
        continue;
      }
    } else if (chars[i] === '%') {
      let j = i + 1;
      while (j < chars.length && (/[0-9]/.test(chars[j]) || chars[j] === '$')) j += 1;
      if (j < chars.length && 'sd@f'.includes(chars[j])) {
        count += 1;
        i = j + 1;
        continue;
      }
      if (j < chars.length && chars[j] === '%') {
        i = j + 1;
        continue;
      }
    }
    i += 1;
  }
  return count;
}

/** The first language whose text has a placeholder count other than `expected`, if any. */
export function placeholderMismatch(texts: Record<string, string> | undefined, expected: number): { lang: string; found: number } | undefined {
  for (const [lang, text] of Object.entries(texts ?? {})) {
    if (!text.trim()) continue;
    const found = placeholders(text.trim());
    if (found !== expected) return { lang, found };
  }
  return undefined;
}

/** Entries typed as tags: trimmed, empty ones dropped, each once. */
export function tags(values: readonly string[] | undefined): string[] {
  return [...new Set((values ?? []).map((v) => v.trim()).filter(Boolean))];
}

/** An SVG the server drew, as an image address: shown by <img>, never inserted as markup. */
export const svgImage = (svg: string) => `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
