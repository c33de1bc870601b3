import * as React from 'react';

import Breeds from './Breeds';
import Pets from './Pets';

// Exposes this remote's React to the end-to-end test, which asserts the shell and the remote
// share one React (a duplicate would break hooks across the boundary).
(window as unknown as { __remoteReact?: Record<string, unknown> }).__remoteReact ??= {};
(window as unknown as { __remoteReact: Record<string, unknown> }).__remoteReact.pet = React;

/** The pages of the pet plugin, by the route paths of its manifest's menus. */
const routes = [
  { path: '/pet-management/pet-breed', Component: Breeds },
  { path: '/pet-management/pet-info', Component: Pets },
];

export default routes;
