import dayjs from 'dayjs';

/**
 * A moment as every page of the console shows it: `2026-12-06 21:40:05`, the same in each of its
 * languages. `Date.toLocaleString` without a locale would follow the browser's locale instead of the console's
 * language (US-style dates on a German console), and pages would disagree with each other.
 */
export function formatTime(ms: number | null | undefined): string {
  return ms ? dayjs(ms).format('YYYY-MM-DD HH:mm:ss') : '—';
}
