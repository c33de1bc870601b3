import * as React from 'react';

import AuditList from './AuditList';
import Devices from './Devices';

(window as unknown as { __remoteReact?: Record<string, unknown> }).__remoteReact ??= {};
(window as unknown as { __remoteReact: Record<string, unknown> }).__remoteReact['device'] = React;

/** The pages of the device plugin, by the route paths of its manifest's menus. */
const routes = [
  { path: '/device-manage/deviceInfo', Component: Devices },
  { path: '/device-manage/auditList', Component: AuditList },
];

export default routes;
