// Prints the JavaScript the first screen (the sign-in page) loads, gzip, and fails the build over
// the 400 KB budget. Also prints what the console loads after sign-in, for the record.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = resolve(import.meta.dirname, '../shell/dist');
const BUDGET = 400 * 1024;
const gzip = (dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, f) => sum + gzipSync(readFileSync(join(dir, f))).length, 0);

const initial = gzip(join(dist, 'login/assets'));
const index = readFileSync(join(dist, 'index.html'), 'utf8');
console.log(`initial JavaScript of the shell (the sign-in page): ${(initial / 1024).toFixed(1)} KB gzip (budget 400 KB)`);
console.log(`console after sign-in, all shell chunks and shared libraries: ${(gzip(join(dist, 'assets')) / 1024).toFixed(1)} KB gzip, loaded once and cached`);
if (!index.includes('<div id="root">') || initial > BUDGET) {
  console.error('initial JavaScript over budget');
  process.exit(1);
}
