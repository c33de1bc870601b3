// The server's rules as the forms mirror them (app_products.rs, app_users.rs, copies.rs,
// questionnaires.rs, storage.rs): the same answers for the same input.
import { describe, expect, it } from 'vitest';

import { BUCKET_NAME, COPY_KEY, DOMAIN_PREFIX, hasUnderscore, HTTP_LINK, isAppUserPassword, placeholderMismatch, placeholders, QUESTIONNAIRE_NAME, randomSecret, svgImage, tags } from './rules';

describe('the rules the forms mirror', () => {
  it('counts placeholders in both notations, like copies.rs', () => {
    expect(placeholders('Hello {name}, you have {0} new maps')).toBe(2);
    expect(placeholders('%s cleaned %d m² (%1$s)')).toBe(3);
    expect(placeholders('100% done, {} and { } are text')).toBe(0);
    expect(placeholders('%% stays, %@ counts')).toBe(1);
    expect(placeholders('清扫了 {area} 平方米')).toBe(1);
    expect(placeholderMismatch({ en: 'Hi {name}', de: 'Hallo', fr: '' }, 1)).toEqual({ lang: 'de', found: 0 });
    expect(placeholderMismatch({ en: 'Hi {name}', fr: '  ' }, 1)).toBeUndefined();
  });

  it('takes app user passwords of 6 to 18 letters and digits, special characters optional, no spaces', () => {
    for (const good of ['abc123', 'Abc123!@#', 'a1'.repeat(9)]) expect(isAppUserPassword(good)).toBe(true);
    for (const bad of ['abc12', 'a1'.repeat(9) + 'x', 'abcdef', '123456', 'abc 123', 'abc123é', '']) expect(isAppUserPassword(bad)).toBe(false);
  });

  it('generates secrets of 32 letters and digits, each one new', () => {
    const a = randomSecret();
    const b = randomSecret();
    expect(a).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(a).not.toBe(b);
    expect(randomSecret(16)).toHaveLength(16);
  });

  it('checks codes, keys, names, links and domains', () => {
    expect(hasUnderscore('my_app')).toBe(true);
    expect(hasUnderscore('my-app')).toBe(false);
    expect(COPY_KEY.test('home_title-2')).toBe(true);
    expect(COPY_KEY.test('home.title')).toBe(false);
    expect(QUESTIONNAIRE_NAME.test('满意度Survey2')).toBe(true);
    expect(QUESTIONNAIRE_NAME.test('Survey 2')).toBe(false);
    expect(QUESTIONNAIRE_NAME.test('Survey-2')).toBe(false);
    expect(HTTP_LINK.test('https://example.com/a?b=1')).toBe(true);
    expect(HTTP_LINK.test('http://localhost:8080')).toBe(true);
    for (const bad of ['ftp://example.com', 'https://', 'https:// example.com', 'example.com', 'javascript:alert(1)']) expect(HTTP_LINK.test(bad)).toBe(false);
    expect(DOMAIN_PREFIX.test('apps.apple.com')).toBe(true);
    expect(DOMAIN_PREFIX.test('https://apps.apple.com')).toBe(false);
    for (const good of ['abc', 'my-bucket.v2', 'a'.repeat(63)]) expect(BUCKET_NAME.test(good)).toBe(true);
    for (const bad of ['ab', 'a'.repeat(64), 'My-Bucket', 'my_bucket', 'my bucket']) expect(BUCKET_NAME.test(bad)).toBe(false);
  });

  it('trims and deduplicates tags', () => {
    expect(tags([' p1', 'p2', 'p1 ', ''])).toEqual(['p1', 'p2']);
    expect(tags(undefined)).toEqual([]);
  });

  it('makes an SVG an image address, escaped', () => {
    const src = svgImage('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(src.startsWith('data:image/svg+xml;utf8,%3Csvg')).toBe(true);
    expect(src).not.toContain('<');
  });
});
