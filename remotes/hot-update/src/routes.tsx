import * as React from 'react';

import Baselines from './Baselines';
import Flow from './Flow';
import Logs from './Logs';
import { Patches } from './Patches';

(window as unknown as { __remoteReact?: Record<string, unknown> }).__remoteReact ??= {};
(window as unknown as { __remoteReact: Record<string, unknown> }).__remoteReact['hot-update'] = React;

/** The pages of the hot-update plugin, by the route paths of its manifest's menus. */
const routes = [
  { path: '/hotUpdateMgr/baseline-package', Component: Baselines },
  { path: '/hotUpdateMgr/plugin-upgrade-prod', Component: () => <Patches stage="prod" /> },
  { path: '/hotUpdateMgr/plugin-upgrade-test', Component: () => <Patches stage="test" /> },
  { path: '/hotUpdateMgr/update-flow', Component: Flow },
  { path: '/hotUpdateMgr/hot-update-log', Component: Logs },
];

export default routes;
