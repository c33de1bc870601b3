import { describe, expect, it } from 'vitest';

/**
 * A page learns what its user may do from the buttons of its own menu (`usePermission` reads the
 * page's buttons): an action of another menu is never granted there, so its button shows for
 * nobody, and a request made without asking signs its user out with the 403. The page and the
 * host share one declaration, the menu's buttons in the plugin's manifest: every action a page
 * asks about must be one of them, except where it asks about another page explicitly
 * (`usePagePermission(path)`, a link to that page).
 */

/** Every remote's sources and every plugin's manifest, as text, by their path from the repository. */
const SOURCES = import.meta.glob<string>('../../remotes/*/src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });
const MANIFESTS = import.meta.glob<string>('../../plugins/*/plugin.toml', { query: '?raw', import: 'default', eager: true });
const file = (path: string) => SOURCES[`../../${path}`] ?? MANIFESTS[`../../${path}`];

/** Each menu's route path and the actions of its buttons, from a plugin's manifest. */
function menuButtons(manifest: string): Map<string, Set<string>> {
  const menus = new Map<string, Set<string>>();
  for (const block of manifest.split(/^\[\[/m).filter((b) => b.startsWith('menus]]'))) {
    const path = /^path = "([^"]+)"/m.exec(block)?.[1];
    if (path) menus.set(path, new Set([...block.matchAll(/action = "([^"]+)"/g)].map((m) => m[1])));
  }
  return menus;
}

function source(dir: string, module: string): string | undefined {
  return file(`${dir}/${module}.tsx`) ?? file(`${dir}/${module}.ts`);
}

/** The actions a module asks about for its own page: action literals, less those asked of
 * another page through `usePagePermission`. */
function askedActions(text: string): string[] {
  const otherPages = [...text.matchAll(/const (\w+) = usePagePermission\(/g)].map((m) => m[1]);
  let own = text.replace(/usePagePermission\([^)]*\)\(\s*['"][^'"]+['"]\s*\)/g, '');
  for (const name of otherPages) own = own.replace(new RegExp(`\\b${name}\\(\\s*['"][^'"]+['"]\\s*\\)`, 'g'), '');
  return [...own.matchAll(/['"]([a-z][a-z0-9-]*(?::[a-z][a-z0-9-]*){1,2})['"]/g)].map((m) => m[1]);
}

/** The local modules whose components a module renders (value imports naming a component, and
 * modules loaded lazily). */
function renderedModules(text: string): string[] {
  const modules: string[] = [...text.matchAll(/import\('\.\/([\w/]+)'\)/g)].map((m) => m[1]);
  for (const [, clause, module] of text.matchAll(/import (?!type )([^;]*?) from '\.\/([\w/]+)'/g)) {
    const names = [
      ...(/^\s*(\w+)/.exec(clause.startsWith('{') ? '' : clause)?.slice(1) ?? []),
      ...(/\{([^}]*)\}/.exec(clause)?.[1].split(',') ?? []).map((n) => n.trim()).filter((n) => n && !n.startsWith('type ')),
    ].map((n) => n.split(' as ')[0]);
    if (names.some((n) => /^[A-Z][a-z]/.test(n))) modules.push(module);
  }
  return modules;
}

describe('pages ask only for the buttons of their own menu', () => {
  const remotes = Object.keys(SOURCES)
    .map((path) => /^\.\.\/\.\.\/remotes\/([^/]+)\/src\/routes\.tsx$/.exec(path)?.[1])
    .filter((remote): remote is string => remote !== undefined);

  it('covers every remote', () => {
    expect(remotes.length).toBeGreaterThanOrEqual(18);
  });

  for (const remote of remotes) {
    it(remote, () => {
      const dir = `remotes/${remote}/src`;
      const menus = menuButtons(file(`plugins/${remote}/plugin.toml`) ?? '');
      const routes = source(dir, 'routes') ?? '';
      // Each name routes.tsx imports (default or named), by the module it comes from.
      const imports = new Map<string, string>();
      for (const [, clause, module] of routes.matchAll(/import (?!type )([^;]*?) from '\.\/([\w/]+)'/g)) {
        for (const name of clause
          .replace(/[{}]/g, ',')
          .split(',')
          .map((n) => n.trim().split(' as ').at(-1) ?? '')) {
          if (name) imports.set(name, module);
        }
      }
      // Paths written out, or named in a module's `PAGES = { key: '/path', … }`.
      const named = new Map<string, string>();
      for (const [, module] of routes.matchAll(/from '\.\/([\w/]+)'/g)) {
        const table = /export const PAGES = \{([^}]*)\}/.exec(source(dir, module) ?? '')?.[1] ?? '';
        for (const [, key, path] of table.matchAll(/(\w+): '([^']+)'/g)) named.set(key, path);
      }
      // A page's component, or the one an inline arrow renders (`() => <Patches stage="prod" />`).
      const pages = [...routes.matchAll(/path: (?:'([^']+)'|PAGES\.(\w+)), Component: (?:\(\) => <)?(\w+)/g)].map(([, path, key, component]) => [path ?? named.get(key), component] as const);
      expect(pages.length).toBeGreaterThan(0);
      // Which pages render each module, and what each module asks about.
      const renderedBy = new Map<string, Set<string>>();
      const asked = new Map<string, string[]>();
      const declared = new Set([...menus.values()].flatMap((buttons) => [...buttons]));
      for (const [path, component] of pages) {
        expect(menus.get(path ?? ''), `${remote}: ${path} is no menu of the manifest`).toBeDefined();
        // A component routes.tsx defines itself (a lazy page's wrapper): read from routes.tsx.
        const pending = [imports.get(component) ?? 'routes'];
        while (pending.length) {
          const module = pending.pop() as string;
          if (renderedBy.get(module)?.has(path ?? '')) continue;
          renderedBy.set(module, (renderedBy.get(module) ?? new Set()).add(path ?? ''));
          const text = source(dir, module);
          expect(text, `${remote}: ${path} renders ./${module}, which is not there`).toBeDefined();
          if (text === undefined) continue;
          // Three-part literals (`pet:breed:add`), and shorter ones the manifest declares (`sync:retry`).
          asked.set(
            module,
            askedActions(text).filter((a) => a.split(':').length === 3 || declared.has(a)),
          );
          pending.push(...renderedModules(text));
        }
      }
      // A module shared by sibling pages (the work-order lists) may ask about any of their
      // buttons: where the page lacks one, the answer is no. An action of a page that does not
      // render the module is never granted where it shows.
      const strays: string[] = [];
      for (const [module, actions] of asked) {
        const paths = [...(renderedBy.get(module) ?? [])];
        const allowed = new Set(paths.flatMap((path) => [...(menus.get(path) ?? [])]));
        for (const action of actions) if (!allowed.has(action)) strays.push(`${paths.join(', ')}: ${action} (${module})`);
      }
      expect(strays).toEqual([]);
    });
  }
});
