import * as React from 'react';

import { Codes, Modules } from './Texts';

(window as unknown as { __remoteReact?: Record<string, unknown> }).__remoteReact ??= {};
(window as unknown as { __remoteReact: Record<string, unknown> }).__remoteReact['globalization'] = React;

/** The pages of the globalization plugin, by the route paths of its manifest's menus. */
const routes = [
  { path: '/system-config/module-language', Component: Modules },
  { path: '/system-config/return-code', Component: Codes },
];

export default routes;
