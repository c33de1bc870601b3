// Every page of the menu, shell and remotes, signed in as the platform administrator with every
// plugin of the project, in the default language. Accessibility: axe-core (WCAG 2.1 A and AA)
// leaves no serious or critical violation; the report names page, rule and element.
// Navigation: the menu groups' paths and the older message paths open today's pages.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { ADMIN_PASSWORD, projectPlugins, shots, startConsole } from './harness.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = ['serious', 'critical'];

/** axe's violations on the page, or in its open dialog only. */
function violations(page, inDialog) {
  return page.evaluate(
    async ({ tags, dialog }) => {
      const root = dialog ? [...document.querySelectorAll('[role=dialog]')].find((d) => d.getBoundingClientRect().width > 0) : document;
      const outcome = await window.axe.run(root, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return outcome.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 2).join('').trim()}`),
      }));
    },
    { tags: TAGS, dialog: inDialog },
  );
}

/**
 * Until no finite animation runs: axe blends what it sees, so a dialog still fading in reads as
 * low contrast (a slow machine took more than 300 ms). Spinners and live dots loop forever.
 */
function settled(page) {
  return page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 5000, polling: 50 })
    .catch(() => undefined);
}

/** The route paths of every page the user's menu holds (hidden pages included, links not). */
function pagesOf(nodes, found = []) {
  for (const node of nodes) {
    if (node.menuType === 'page') found.push(node.id);
    pagesOf(node.userMenuVoList ?? [], found);
  }
  return found;
}

let console_;

before(async () => {
  console_ = await startConsole(projectPlugins());
});

after(async () => {
  await console_?.close();
});

test('every page of the menu has no serious or critical WCAG 2.1 AA violation', async () => {
  const { api, newPage, login, base } = console_;
  const admin = (await api('/authority-service/authority/login', { userName: 'admin', password: ADMIN_PASSWORD })).token;
  const paths = pagesOf((await api('/authority-service/authority/getUserMenu', {}, admin)).userMenuVoList);
  assert.ok(paths.length >= 40, `the administrator's menu has ${paths.length} pages`);

  // axe runs as an injected script, which the console's Content-Security-Policy refuses.
  const page = await newPage('zh-CN', { bypassCSP: true });
  const found = [];
  let checked = 0;
  let dialogs = 0;
  for (const path of ['/login', ...paths]) {
    if (path === '/login') {
      await page.goto(`${base}/login`);
      await page.locator('input[name=userName]').waitFor();
    } else {
      if (checked === 1) await login(page, 'admin', ADMIN_PASSWORD);
      // In the running shell, as the sidebar navigates: a reload per page took 1.5 s each.
      await page.evaluate((next) => {
        window.history.pushState(null, '', next);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await page.waitForFunction((next) => document.querySelector('[role=tab][aria-selected=true]')?.id.endsWith(`-tab-${next}`), path, { timeout: 10_000 });
    }
    // Live pages keep a socket open (no network idle): the page has rendered when the content
    // area holds something and no spinner is left (the remote's chunk, then its data).
    await page
      .waitForFunction(() => {
        const content = document.querySelector('.console-content, .login-card');
        return content && content.childElementCount > 0 && !content.querySelector('.ant-spin-spinning, .console-loading');
      }, undefined, { timeout: 15_000, polling: 100 })
      .catch(() => console.log(`${path}: still loading after 15 s`));
    await page.waitForTimeout(200);
    await settled(page);
    if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
    const result = await violations(page, false);
    checked += 1;
    for (const violation of result.filter((v) => BLOCKING.includes(v.impact))) found.push({ path, ...violation });
    if (result.some((v) => BLOCKING.includes(v.impact))) await page.screenshot({ path: join(shots, `a11y${path.replaceAll('/', '-')}.png`) });
    // The page's add dialog too, where it has one: its form is where users type.
    const add = page.locator('.console-content').locator('[data-testid$="-add"]:visible, [data-testid^="add-"]:visible').first();
    if (path !== '/login' && (await add.count())) {
      await add.click();
      const dialog = page.locator('.ant-modal-wrap:visible [role=dialog], .ant-drawer-open [role=dialog]').first();
      if (await dialog.waitFor({ timeout: 3000 }).then(() => true, () => false)) {
        await page.waitForTimeout(300);
        await settled(page);
        const inDialog = await violations(page, true);
        dialogs += 1;
        for (const violation of inDialog.filter((v) => BLOCKING.includes(v.impact))) found.push({ path: `${path} (add dialog)`, ...violation });
        if (inDialog.some((v) => BLOCKING.includes(v.impact))) await page.screenshot({ path: join(shots, `a11y${path.replaceAll('/', '-')}-dialog.png`) });
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden', timeout: 3000 }).catch(() => undefined);
      }
    }
  }
  const report = found
    .map((v) => `${v.path}: ${v.id} (${v.impact}, ${v.nodes.length}): ${v.help}\n    ${v.nodes.slice(0, 3).join('\n    ')}`)
    .join('\n');
  const nodes = found.reduce((sum, v) => sum + v.nodes.length, 0);
  // The same fault on many pages once, with how often: what to fix first.
  const kinds = new Map();
  for (const v of found) for (const node of v.nodes) {
    const kind = `${v.id}: ${node.split(' — ')[1]?.replace(/\(foreground/, '\n      (foreground') ?? node}`;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  console.log([...kinds].sort((a, b) => b[1] - a[1]).map(([kind, n]) => `${n} × ${kind}`).join('\n'));
  console.log(`axe on ${checked} pages and ${dialogs} add dialogs: ${found.length} serious or critical violations (${nodes} elements)`);
  assert.ok(dialogs >= 30, `only ${dialogs} add dialogs were checked`);
  assert.equal(found.length, 0, `serious or critical violations:\n${report}`);
  await page.context().close();
});

test('the group paths open their default pages, the old message paths today’s pages, and the platform’s own pages list its records', async () => {
  const { newPage, login, base } = console_;
  // An enterprise whose roles must not show among the platform's (signed in before the page is:
  // a new sign-in ends the one before).
  const admin = (await console_.api('/authority-service/authority/login', { userName: 'admin', password: ADMIN_PASSWORD })).token;
  await console_.api('/authority-service/tenantInfo/add', { tenantName: 'Initech', fullName: 'Initech Ltd', abbrEn: 'INITECH', creditCode: '913501005700000159' }, admin);
  const page = await newPage('en-US');
  await login(page, 'admin', ADMIN_PASSWORD);
  // The console's scripts and styles came compressed (the build's brotli beside each file).
  const [wire, plain] = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => e.name.startsWith(location.origin) && /\.(js|css)$/.test(new URL(e.name).pathname))
      .reduce(([w, p], e) => [w + e.encodedBodySize, p + e.decodedBodySize], [0, 0]),
  );
  assert.ok(plain > 100_000 && wire * 3 < plain, `${wire} bytes over the wire for ${plain}`);
  for (const [from, to] of [
    ['/product-manage', '/product-manage/classify'],
    ['/device-manage', '/device-manage/userDevice'],
    ['/customerService', '/customerService/myOrderRecord'],
    ['/sms/sms', '/message/sms'],
    ['/jpush/jpush', '/message/jpush'],
  ]) {
    await page.goto(`${base}${from}`);
    await page.waitForURL(`**${to}`);
    await page.locator('.console-content').getByText(/\S/).first().waitFor();
  }
  // The platform's own organisation, roles and accounts are pages of system configuration: the
  // enterprise pages, listing the platform's records alone whatever enterprise the header shows.
  await page.goto(`${base}/system-config/system-role`);
  await page.getByTestId('platform-own').waitFor();
  await page.locator('.console-content .ant-table-row').first().waitFor();
  const roles = await page.locator('.console-content .ant-table-row').allInnerTexts();
  assert.ok(roles.some((row) => row.includes('Platform administrator') || row.includes('平台管理员')), roles.join('\n'));
  assert.ok(!roles.some((row) => row.includes('Enterprise administrator')), `an enterprise's role among the platform's: ${roles.join('\n')}`);
  for (const path of ['/system-config/organization-structure', '/system-config/system-account']) {
    await page.goto(`${base}${path}`);
    await page.getByTestId('platform-own').waitFor();
    assert.equal(new URL(page.url()).pathname, path);
  }
  await page.goto(`${base}/system/role`);
  await page.getByTestId('tenant-select').waitFor();
  assert.equal(await page.getByTestId('platform-own').count(), 0);

  // The service-area configuration is a page of its own: each area's servers, checked as typed.
  await page.goto(`${base}/system-config/service-area-config`);
  await page.getByTestId('configure-europe').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('App server').fill('https://eu.api.example.com');
  await dialog.getByLabel('Device MQTT server').fill('eu.mqtt.example.com');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.locator('.ant-form-item-explain-error', { hasText: 'mqtts://host:port' }).waitFor();
  await dialog.getByLabel('Device MQTT server').fill('mqtts://eu.mqtt.example.com:8883');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await page.locator('.ant-table-row', { hasText: 'mqtts://eu.mqtt.example.com:8883' }).waitFor();
  await page.screenshot({ path: join(shots, 'every-page-service-area-config.png') });
  await page.context().close();
});
