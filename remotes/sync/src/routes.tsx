import * as React from 'react';

import SyncService from './SyncService';

(window as unknown as { __remoteReact?: Record<string, unknown> }).__remoteReact ??= {};
(window as unknown as { __remoteReact: Record<string, unknown> }).__remoteReact['sync'] = React;

/** The pages of the sync plugin, by the route paths of its manifest's menus. */
const routes = [{ path: '/system-config/sync-service', Component: SyncService }];

export default routes;
