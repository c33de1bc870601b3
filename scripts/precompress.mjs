// Writes `<file>.br` (brotli at quality 10: 1.5 % larger than 11 in less than half the time)
// and `<file>.gz` (gzip, best) beside each text asset of the build folders it is given, so that
// the host serves a browser the compressed bytes without compressing them on every request (a
// first console load moves about a third of the bytes).
// Files under 1 KiB are left alone: their headers weigh as much as what compression would save.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.map', '.txt', '.wasm']);
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let [count, raw, br] = [0, 0, 0];
for (const dir of process.argv.slice(2)) {
  for (const path of files(dir)) {
    if (!TEXT.has(extname(path))) continue;
    const bytes = readFileSync(path);
    if (bytes.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
    writeFileSync(`${path}.br`, brotli);
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
    [count, raw, br] = [count + 1, raw + bytes.length, br + brotli.length];
  }
}
console.log(`precompressed ${count} files: ${(raw / 1024).toFixed(0)} KB, ${(br / 1024).toFixed(0)} KB brotli`);
