import { api, type ApiSchemas } from '@console/sdk';
import { loadRemote, registerRemotes } from '@module-federation/runtime';
import { lazy, type ComponentType } from 'react';

/** A plugin's remote, as the host lists it for the signed-in user. */
export type RemoteInfo = ApiSchemas['RemoteInfo'];

/** What a remote's `./routes` module exports: its pages by route path. */
export interface RemotePage {
  path: string;
  Component: ComponentType;
}

export const fetchRemotes = () => api.get<RemoteInfo[]>('/plugin-admin/remotes', undefined, { quiet: true });

/** Registers the remotes with the federation runtime (re-registering replaces changed entries). */
export function register(remotes: RemoteInfo[]) {
  registerRemotes(
    remotes.map((remote) => ({ name: remote.name, entry: remote.entry, type: 'module' })),
    { force: true },
  );
}

const pages = new Map<string, ComponentType>();

/** The page of `remote` at `path`, loaded on first render. */
export function remotePage(remote: RemoteInfo, path: string): ComponentType {
  const key = `${remote.name}:${path}`;
  let page = pages.get(key);
  if (!page) {
    page = lazy(async () => {
      const module = await loadRemote<{ default: RemotePage[] }>(`${remote.name}/routes`);
      const found = module?.default.find((p) => p.path === path);
      if (!found) throw new Error(`${remote.name} has no page ${path}`);
      return { default: found.Component };
    });
    pages.set(key, page);
  }
  return page;
}
