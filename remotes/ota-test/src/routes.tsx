import * as React from 'react';

import Devices from './Devices';
import History from './History';
import Tasks from './Tasks';

(window as unknown as { __remoteReact?: Record<string, unknown> }).__remoteReact ??= {};
(window as unknown as { __remoteReact: Record<string, unknown> }).__remoteReact['ota-test'] = React;

/** The pages of the OTA stress-test plugin, by the route paths of its manifest's menus. */
const routes = [
  { path: '/ota-test/device', Component: Devices },
  { path: '/ota-test/task', Component: Tasks },
  { path: '/ota-test/history', Component: History },
];

export default routes;
