import * as React from 'react';

import DataCollection from './DataCollection';
import Whitelists from './Whitelists';

(window as unknown as { __remoteReact?: Record<string, unknown> }).__remoteReact ??= {};
(window as unknown as { __remoteReact: Record<string, unknown> }).__remoteReact['ai-data'] = React;

/** The pages of the AI data plugin, by the route paths of its manifest's menus. */
const routes = [
  { path: '/AI-data-manage/data-collection', Component: DataCollection },
  { path: '/AI-data-manage/SN-whitelist-annotation', Component: Whitelists },
];

export default routes;
