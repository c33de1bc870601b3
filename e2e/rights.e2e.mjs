// The rights crawler: every page of the menu, opened by a user whose role is cut to that page,
// in Chromium against the production build with every plugin of the project. A refusal signs its
// user out (403 is a session code), so a page may ask only for what the rights
// that show it allow: the crawler fails on any answer 403, on a page that ends its session, and
// on any console error. The cuts of each page: its view buttons only; its view and each of its
// other actions alone, the add or edit form opened where that action is add or edit, with a file
// uploaded where the form uploads (a form's reference data and uploads are asked with the form's
// rights); and every action but view, with which the page must not open at all (it would ask for
// its list). An enterprise's pages are crawled mostly by accounts of an enterprise, who must not be
// sent to the platform's routes, and the platform's pages by the platform's accounts.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { ADMIN_PASSWORD, png, projectPlugins, startConsole } from './harness.mjs';

/** Browser contexts crawling at once, each with its own account and role: whose accounts they
 * are (`ALL`: the platform's; `enterprise`: one enterprise's). */
const CRAWLERS = ['ALL', 'enterprise', 'enterprise'];
const PASSWORD = 'Crawler#2026';
const ENTERPRISE_ABBREVIATION = 'CRAWL';

let console_;

before(async () => {
  console_ = await startConsole(projectPlugins());
});

after(async () => {
  await console_?.close();
});

/** The pages of the menu with their buttons: numeric ids, the path and each button's type. */
async function menuPages(api, admin) {
  const menus = await api('/authority-service/menu/list', {}, admin);
  const buttons = [];
  for (let page = 1; ; page++) {
    const found = await api('/authority-service/button/list', { page, pageSize: 500 }, admin);
    buttons.push(...found.list);
    if (buttons.length >= found.total || found.list.length === 0) break;
  }
  const byNumber = new Map(menus.map((m) => [m.menuId, m]));
  const ancestors = (menu) => {
    const ids = [];
    for (let m = menu; m; m = byNumber.get(m.parentMenuId)) ids.push(m.menuId);
    return ids;
  };
  return menus
    .filter((m) => m.menuType === 'page' && !m.hidden && m.routePath && !m.routePath.includes(':'))
    .map((m) => ({
      path: m.routePath,
      menuIds: ancestors(m),
      // An enterprise's role may hold it: it and the groups above it are of an enterprise's scope.
      enterprise: ancestors(m).every((id) => byNumber.get(id)?.scope === 'tenant'),
      buttons: buttons.filter((b) => b.menuId === m.menuId).map((b) => ({ id: b.id, type: b.buttonType, action: b.action })),
    }))
    .filter((p) => p.buttons.some((b) => b.type === 'view'));
}

/** A signed-in browser page for one crawler, an account of `tenant` (`ALL`: the platform's),
 * recording what would fail a user. */
async function crawler(index, admin, tenant) {
  const { api, newPage, login } = console_;
  const role = (await api('/authority-service/role/add', { name: `Crawler ${index}`, roleType: 'ordinary' }, admin, tenant)).id;
  const userName = `crawler${index}`;
  await api(
    '/authority-service/account/add',
    { userName, name: userName, accountType: 'operation', phone: '+86-13800000000', email: 'crawler@example.com', roleIds: [role], password: PASSWORD, confirmPassword: PASSWORD },
    admin,
    tenant,
  );
  const page = await newPage('en-US');
  const found = [];
  page.on('console', (message) => {
    if (message.type() === 'error') found.push(`console: ${message.text().slice(0, 200)}`);
  });
  page.on('pageerror', (error) => found.push(`error: ${error.message.slice(0, 200)}`));
  // A refusal may come in the HTTP status or in the envelope's code: the envelope is read before
  // the page is judged (`settled`), so a late answer is never counted against the next page.
  const reading = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    const refused = `403: ${response.request().method()} ${url.pathname}`;
    if (response.status() === 403) found.push(refused);
    else if ((response.headers()['content-type'] ?? '').includes('json')) {
      reading.push(
        response.json().then(
          (envelope) => envelope?.code === 403 && found.push(refused),
          () => found.push(`unread: ${refused.slice(5)}`),
        ),
      );
    }
  });
  const settled = () => Promise.all(reading.splice(0));
  const grant = (menuIds, buttonIds) => api('/authority-service/role/grant', { id: role, menuIds, buttonIds }, admin, tenant);
  // An enterprise's account signs in as name@ABBREVIATION.
  const signInName = tenant === 'ALL' ? userName : `${userName}@${ENTERPRISE_ABBREVIATION}`;
  return { page, found, settled, grant, signIn: () => login(page, signInName, PASSWORD), enterprise: tenant !== 'ALL', pages: [], cuts: 0 };
}

/** Opens `path` and waits until it has rendered: content, and no spinner left. A navigation a
 * late redirect aborted is tried once more (what the page then did is judged as usual). */
async function open(page, base, path) {
  await page.goto(`${base}${path}`).catch((error) => {
    if (!String(error).includes('ERR_ABORTED')) throw error;
    return page.goto(`${base}${path}`);
  });
  await page
    .waitForFunction(() => {
      const content = document.querySelector('.console-content');
      return content && content.childElementCount > 0 && !content.querySelector('.ant-spin-spinning, .console-loading');
    }, undefined, { timeout: 15_000, polling: 100 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => undefined);
}

test('every page, opened with the rights of that page alone, asks for nothing its user may not do', async () => {
  const { api, base } = console_;
  const admin = (await api('/authority-service/authority/login', { userName: 'admin', password: ADMIN_PASSWORD })).token;
  const pages = await menuPages(api, admin);
  const enterprise = await api('/authority-service/tenantInfo/add', { tenantName: 'Crawl Co', fullName: 'Crawl Co Ltd', abbrEn: ENTERPRISE_ABBREVIATION, creditCode: '913501005700000159' }, admin);
  // One after another: each makes its role and account as the one administrator session.
  const crawlers = [];
  for (const [i, whose] of CRAWLERS.entries()) crawlers.push(await crawler(i + 1, admin, whose === 'ALL' ? 'ALL' : String(enterprise.id)));
  // Each page to the crawler with the fewest cuts so far among those whose accounts may hold it:
  // the platform's pages to the platform's crawler, an enterprise's mostly to the enterprise's.
  const cutsOf = (p) => 1 + p.buttons.length;
  for (const p of [...pages].sort((a, b) => Number(a.enterprise) - Number(b.enterprise))) {
    const [least] = crawlers.filter((c) => p.enterprise || !c.enterprise).sort((a, b) => a.cuts - b.cuts);
    least.pages.push(p);
    least.cuts += cutsOf(p);
  }
  const findings = [];
  const forms = { add: 0, edit: 0 };
  let uploads = 0;
  let cutCount = 0;
  await Promise.all(
    crawlers.map(async (c) => {
      // Signed in holding the first page's view, so that the shell has a page to land on.
      const mine = c.pages;
      await c.grant(mine[0].menuIds, mine[0].buttons.filter((b) => b.type === 'view').map((b) => b.id));
      await c.signIn();
      for (const p of mine) {
        const views = p.buttons.filter((b) => b.type === 'view');
        const others = p.buttons.filter((b) => b.type !== 'view');
        const cuts = [
          { held: views },
          ...others.map((b) => ({ held: [...views, b], form: b.type })),
          ...(others.length ? [{ held: others, closed: true }] : []),
        ];
        for (const cut of cuts) {
          // The page before is left first: a request it was still making must not be answered
          // under the next cut's rights (its refusal would sign the crawler out as this page's).
          await c.page.goto('about:blank');
          await c.settled();
          await c.grant(p.menuIds, cut.held.map((b) => b.id));
          c.found.length = 0;
          await open(c.page, base, p.path);
          if (cut.form === 'add' || cut.form === 'edit') {
            const content = c.page.locator('.console-content');
            const button =
              cut.form === 'add'
                ? content.locator('[data-testid$="-add"]:visible, [data-testid^="add-"]:visible').first()
                : content.locator('.ant-table-row a:visible', { hasText: /^Edit$/ }).first();
            if (await button.count()) {
              await button.click();
              forms[cut.form] += 1;
              await c.page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => undefined);
              const file = c.page.locator('.ant-modal-wrap:visible input[type=file], .ant-drawer-open input[type=file]').first();
              if (await file.count()) {
                await file.setInputFiles({ name: 'crawler.png', mimeType: 'image/png', buffer: png(200) });
                uploads += 1;
                await c.page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => undefined);
              }
              await c.page.keyboard.press('Escape');
            }
          }
          await c.settled();
          const at = new URL(c.page.url()).pathname;
          const signedOut = at === '/login';
          const what = [...new Set(c.found)];
          if (signedOut) what.push('signed out');
          if (cut.closed && at === p.path) what.push('opened without its view action');
          const who = c.enterprise ? 'an enterprise account' : 'a platform account';
          if (what.length) findings.push(`${p.path} as ${who} (${cut.held.map((b) => b.action).join(', ')}):\n    ${what.join('\n    ')}`);
          if (signedOut) {
            await c.grant(mine[0].menuIds, mine[0].buttons.filter((b) => b.type === 'view').map((b) => b.id));
            await c.signIn();
          }
          cutCount += 1;
        }
      }
    }),
  );
  const byEnterprise = crawlers.filter((c) => c.enterprise).reduce((n, c) => n + c.pages.length, 0);
  console.log(`rights crawler: ${pages.length} pages (${byEnterprise} as an enterprise's accounts), ${cutCount} cuts, ${forms.add} add and ${forms.edit} edit forms, ${uploads} uploads, ${findings.length} findings`);
  // Every page of the menu, and the forms the add and edit buttons open: a selector that found
  // none would let the crawl pass having opened nothing.
  assert.ok(byEnterprise >= 50, `${byEnterprise} pages crawled by an enterprise's accounts`);
  assert.ok(pages.length >= 100 && cutCount >= 300 && forms.add >= 20 && forms.edit >= 3 && uploads >= 3, `${pages.length} pages, ${cutCount} cuts, ${JSON.stringify(forms)} forms, ${uploads} uploads`);
  assert.deepEqual(findings, []);
});
