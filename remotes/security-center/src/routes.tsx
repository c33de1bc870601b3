import * as React from 'react';

import ReportDetail from './Detail';
import Reports from './Reports';

(window as unknown as { __remoteReact?: Record<string, unknown> }).__remoteReact ??= {};
(window as unknown as { __remoteReact: Record<string, unknown> }).__remoteReact['security-center'] = React;

/** The pages of the security-centre plugin, by the route paths of its manifest's menus. */
const routes = [
  { path: '/security-center/loophole-submit', Component: Reports },
  { path: '/security-center/detail', Component: ReportDetail },
];

export default routes;
