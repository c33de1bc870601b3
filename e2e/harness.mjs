// The end-to-end harness: starts the real host (debug build) with a temporary database and the
// given plugins, serving the production shell, and drives Debian's Chromium with playwright-core.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { deflateSync } from 'node:zlib';

import { chromium } from 'playwright-core';

export const repo = resolve(import.meta.dirname, '..');
export const target = process.env.CARGO_TARGET_DIR ? resolve(process.env.CARGO_TARGET_DIR) : join(repo, 'target');
export const shots = join(repo, 'test-artifacts', 'screenshots');
export const ADMIN_PASSWORD = 'Admin#2026';
/** The product and device plugins' grants, as the project's plugins.toml gives them. */
export const PRODUCT_GRANTS = 'files = true\ntimeout_ms = 30000\nmemory_mib = 128\nmax_response_kib = 16384';
export const DEVICE_GRANTS = 'uses = ["product-service"]\nfiles = true\nevents = true';

export const freePort = () =>
  new Promise((done) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

const sha256 = (path) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** The digest plugins.toml pins for a remote folder: sha-256 of `<path> <sha-256>\n` lines sorted
 * by path (as host/src/plugins/remote.rs computes it). */
export function remoteDigest(dir) {
  const files = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.push([relative(dir, path).split(sep).join('/'), sha256(path)]);
    }
  };
  walk(dir);
  files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(files.map(([path, sha]) => `${path} ${sha}\n`).join('')).digest('hex');
}

/** A product plugin of `plugins/<id>` with its built remote. */
export const productPlugin = (id, grants = '') => ({
  id,
  manifest: join(repo, `plugins/${id}/plugin.toml`),
  artefact: join(target, `wasm32-wasip2/release/${id.replaceAll('-', '_')}.wasm`),
  remoteDir: join(repo, `remotes/${id}/dist`),
  grants,
});

/** The plugins of the project's plugins.toml, with the operator's grants `make run` gives them. */
export function projectPlugins() {
  return readFileSync(join(repo, 'plugins.toml'), 'utf8')
    .split(/^\[\[plugin\]\]$/m)
    .slice(1)
    .map((block) => {
      const id = /^id = "([^"]+)"/m.exec(block)[1];
      const grants = block.split(/^\[plugin\.grants\]$/m)[1] ?? '';
      return productPlugin(id, grants.trim());
    });
}

/** Starts the host with `plugins` ({id, manifest, artefact, remoteDir, grants}) and a browser;
 * `env` adds host settings (CONSOLE_...). */
export async function startConsole(plugins, env = {}) {
  const work = mkdtempSync(join(tmpdir(), 'console-e2e-'));
  mkdirSync(shots, { recursive: true });
  const toml = plugins
    .map(
      (p) => `[[plugin]]
id = "${p.id}"
manifest = ${JSON.stringify(p.manifest)}
artefact = ${JSON.stringify(p.artefact)}
sha256 = "${sha256(p.artefact)}"
enabled_by_default = true
remote_dir = ${JSON.stringify(p.remoteDir)}
remote_sha256 = "${remoteDigest(p.remoteDir)}"
[plugin.grants]
${p.grants}
`,
    )
    .join('\n');
  writeFileSync(join(work, 'plugins.toml'), toml);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const host = spawn(join(target, 'debug/console-host'), [], {
    env: {
      ...process.env,
      CONSOLE_LISTEN: `127.0.0.1:${port}`,
      CONSOLE_DATA_DIR: join(work, 'data'),
      CONSOLE_DATABASE_URL: `sqlite://${join(work, 'data', 'console.db')}`,
      CONSOLE_ADMIN_PASSWORD: ADMIN_PASSWORD,
      CONSOLE_PLUGINS: join(work, 'plugins.toml'),
      CONSOLE_SHELL_DIR: join(repo, 'shell/dist'),
      CONSOLE_CACHE_DIR: join(target, 'test-plugin-cache'),
      // Tests never take the MQTT port of a console the developer runs.
      CONSOLE_MQTT_LISTEN: 'off',
      CONSOLE_MQTTS_LISTEN: 'off',
      RUST_LOG: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/openapi.json`)).ok) break;
    } catch {
      // not up yet
    }
    assert.ok(i < 600, 'host did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });

  /** A call to the host's API that must succeed; `extra` headers (tenantId, authorization: Device ...). */
  async function api(path, body, token, tenant, method = 'POST') {
    const headers = { 'content-type': 'application/json', lang: 'en' };
    if (token) headers.authorization = token;
    if (tenant) headers.tenantId = tenant;
    const response = await fetch(`${base}/api${path}`, { method, headers, body: method === 'GET' ? undefined : JSON.stringify(body ?? {}) });
    const envelope = await response.json();
    assert.equal(envelope.code, 200, `${path}: ${JSON.stringify(envelope)}`);
    return envelope.data;
  }

  /** A page in a new browser context; `options` add context options (`bypassCSP` for axe). */
  async function newPage(lang = 'zh-CN', options = {}) {
    const context = await browser.newContext({ locale: lang, viewport: { width: 1440, height: 900 }, ...options });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.log(`[browser] ${error.stack ?? error.message}`));
    // The last API answers the page had, for the log of a failed step (see shotOnFailure).
    const answers = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (!pathname.startsWith('/api/')) return;
      answers.push(`${response.request().method()} ${pathname} ${response.status()}`);
      if (answers.length > 12) answers.shift();
    });
    apiAnswers.set(page, answers);
    return page;
  }

  async function login(page, user, password) {
    await page.goto(`${base}/`);
    await page.waitForURL('**/login');
    await page.locator('input[name=userName]').fill(user);
    await page.locator('input[name=password]').fill(password);
    await page.locator('button[type=submit]').click();
    await page.waitForURL('**/operation-guide');
    await page.getByTestId('sidebar').waitFor();
  }

  async function close() {
    await browser.close();
    host.kill();
    rmSync(work, { recursive: true, force: true });
  }

  return { base, work, api, newPage, login, close };
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
/** CRC-32 of `bytes`, as zip and PNG files carry it. */
export const crc32 = (bytes) => {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

const pngChunk = (type, data) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A `size`×`size` PNG, RGBA (transparent) or RGB: a category's or a product's picture. */
export function png(size, alpha = true) {
  const channels = alpha ? 4 : 3;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, alpha ? 6 : 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * channels, 0x60)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', pixels), pngChunk('IEND', Buffer.alloc(0))]);
}

/**
 * Picks `option` (text or pattern) in the antd select or tree select that `select` locates, and
 * waits until the select shows it. On a loaded machine the dropdown's motion can keep an option
 * "not stable" for long, and a forced click then may land before it is in place: the pick is
 * tried again (up to three times) until the select shows the option.
 */
export async function choose(page, select, option) {
  // The select's root, which shows the choice (`select` may locate its inner input).
  const root = select.locator('xpath=ancestor-or-self::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  // The newest dropdown is the one just opened (an earlier one may still be fading out).
  const options = page.locator('.ant-select-dropdown:visible').locator('.ant-select-item-option, .ant-select-tree-node-content-wrapper');
  const target = options.filter({ hasText: option }).last();
  for (let attempt = 1; ; attempt += 1) {
    if (attempt === 1 || !(await target.isVisible())) await select.click();
    await target.click({ timeout: 5000 }).catch(() => target.click({ force: true }));
    const shown = await root
      .filter({ hasText: option })
      .waitFor({ timeout: 3000 })
      .then(() => true, () => false);
    if (shown || attempt === 3) return;
  }
}

/**
 * A minimal SMTP server on a loopback port that accepts every mail: `inbox` gets each one's
 * recipients (`to`) and its DATA as lines (`data`). Grant its port to the messaging plugin
 * (`mail_servers`) before the console starts.
 */
export function startSmtpSink() {
  const inbox = [];
  return new Promise((resolve) => {
    const server = createServer((socket) => {
      let buffer = '';
      let data = null;
      let to = [];
      socket.write('220 sink ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString('utf8');
        let end;
        while ((end = buffer.indexOf('\r\n')) >= 0) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (data !== null) {
            if (line === '.') {
              inbox.push({ to, data });
              data = null;
              to = [];
              socket.write('250 queued\r\n');
            } else data += `${line}\n`;
          } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250-sink\r\n250 AUTH PLAIN LOGIN\r\n');
          else if (/^AUTH/i.test(line)) socket.write('235 accepted\r\n');
          else if (/^RCPT TO:/i.test(line)) {
            to.push(line.slice(8).trim().replace(/^<|>$/g, ''));
            socket.write('250 OK\r\n');
          } else if (/^DATA/i.test(line)) {
            data = '';
            socket.write('354 go on\r\n');
          } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
          else socket.write('250 OK\r\n');
        }
      });
    });
    server.listen(0, '127.0.0.1', () => resolve({ server, port: server.address().port, inbox }));
  });
}

/** The page's session token, read as only the test can: the cookie is HttpOnly. */
/** A zip of `entries` ({name: text or bytes}), stored (no compression): a real package's
 * structure, its central directory included, which the host reads to tell what it holds.
 * `encrypted` names an entry flagged as encrypted, as a password-protected tool writes it. */
export function storedZip(entries, encrypted = '') {
  const locals = [];
  const central = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const fileName = Buffer.from(name);
    const flags = name === encrypted ? 1 : 0;
    const header = (signature, size) => {
      const h = Buffer.alloc(size);
      h.writeUInt32LE(signature, 0);
      return h;
    };
    const local = header(0x04034b50, 30);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const entry = header(0x02014b50, 46);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(flags, 8);
    entry.writeUInt32LE(crc32(data), 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(fileName.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    central.push(entry, fileName);
    offset += 30 + fileName.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8);
  end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export async function sessionOf(page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'console_session');
  assert.ok(cookie, 'signed in: the session cookie is set');
  return cookie.value;
}

const apiAnswers = new WeakMap();

/** Runs `step`; on failure saves a screenshot named after it, then fails. */
export async function shotOnFailure(page, name, step) {
  try {
    return await step();
  } catch (error) {
    await page.screenshot({ path: join(shots, `failed-${name}.png`) });
    // CI keeps only the log: what the page said (messages, notifications, open dialogs) goes in it.
    const said = await page
      .locator('.ant-message-notice, .ant-notification-notice, .ant-modal-content')
      .allInnerTexts()
      .catch(() => []);
    if (said.length > 0 && error instanceof Error) error.message += `\nthe page said: ${said.join(' | ')}`;
    const answers = apiAnswers.get(page) ?? [];
    if (answers.length > 0 && error instanceof Error) error.message += `\nits last API answers: ${answers.join(', ')}`;
    throw error;
  }
}

/**
 * The device simulator (tools/devsim) against a started console, with `args` after its URL and
 * password (`--devices 3 --interval-ms 800 ...`): resolves once its devices run. Kill it after.
 */
export async function startDevsim(console_, args) {
  const devsim = spawn(join(target, 'debug/devsim'), ['--url', console_.base, '--password', ADMIN_PASSWORD, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((ready, failed) => {
    let said = '';
    devsim.stdout.on('data', (chunk) => {
      said += chunk;
      if (said.includes('devices running')) ready();
    });
    devsim.on('exit', (code) => failed(new Error(`devsim exited with ${code}: ${said}`)));
  });
  return devsim;
}

/**
 * Answers the confirmation dialog on screen with its button `name` and waits until that dialog
 * is gone. On a loaded machine a click can land while the dialog is still zooming in and be
 * lost (the dialog stays, the action never starts): the button is then clicked again, up to
 * three times. A confirmation that opens the next one (publish, then "publish anyway") is told
 * apart: only the dialog that was answered must go.
 */
export async function answerConfirm(page, name = /OK/) {
  const confirm = page.locator('.ant-modal-confirm').last();
  await confirm.waitFor();
  const dialog = await confirm.elementHandle();
  for (let attempt = 1; ; attempt += 1) {
    const buttons = await dialog.$$('button');
    const labels = await Promise.all(buttons.map((b) => b.innerText()));
    const button = buttons[labels.findIndex((label) => (typeof name === 'string' ? label.trim() === name : name.test(label)))];
    if (!button) throw new Error(`no button ${name} in the confirmation: ${labels.join(', ')}`);
    await button.click({ timeout: 10000 }).catch((error) => {
      if (attempt === 1) throw error;
    });
    const gone = await dialog.waitForElementState('hidden', { timeout: 4000 }).then(() => true, () => false);
    if (gone) return;
    if (attempt === 3) throw new Error(`the confirmation stayed on screen after ${attempt} clicks on ${name}`);
  }
}

/**
 * Submits the form dialog `dialog` with its OK button and waits until the dialog is gone. On a
 * loaded machine a click can be lost (the dialog stays, nothing is sent): the button is clicked
 * again, up to three times; a click on a form already being sent does nothing. For a dialog that
 * must close: one expected to stay open (a refusal shown in it) is clicked as usual.
 */
export async function submit(dialog, name = /OK/) {
  await dialog.waitFor();
  const handle = await dialog.elementHandle();
  for (let attempt = 1; ; attempt += 1) {
    await dialog.getByRole('button', { name }).click({ timeout: 10000 }).catch((error) => {
      if (attempt === 1) throw error;
    });
    const gone = await handle.waitForElementState('hidden', { timeout: 8000 }).then(() => true, () => false);
    if (gone) return;
    if (attempt === 3) throw new Error(`the dialog stayed open after ${attempt} clicks on ${name}`);
  }
}

/** Types the retyped name in the delete confirmation and confirms. */
export async function confirmByName(page, name) {
  await page.getByTestId('delete-confirm-input').fill(name);
  await answerConfirm(page, /删\s*除|Delete|解\s*绑|Unbind|移\s*除|Remove/);
}
