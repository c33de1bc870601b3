import * as React from 'react';

import AppLogs from './AppLogs';
import AppProducts from './AppProducts';
import AppStores from './AppStores';
import AppUsers from './AppUsers';
import BetaUsers from './BetaUsers';
import BucketDomains from './BucketDomains';
import Buckets from './Buckets';
import Copies from './Copies';
import { PAGES } from './parts';
import Projects from './Projects';
import QrCodes from './QrCodes';
import Questionnaires from './Questionnaires';

// Exposes this remote's React to the end-to-end test, which asserts the shell and the remote
// share one React (a duplicate would break hooks across the boundary).
(window as unknown as { __remoteReact?: Record<string, unknown> }).__remoteReact ??= {};
(window as unknown as { __remoteReact: Record<string, unknown> }).__remoteReact.app = React;

/** The pages of the app plugin, by the route paths of its manifest's menus (5901-5911). */
const routes = [
  { path: PAGES.appProduct, Component: AppProducts },
  { path: PAGES.copies, Component: Copies },
  { path: PAGES.project, Component: Projects },
  { path: PAGES.qrCode, Component: QrCodes },
  { path: PAGES.questionnaire, Component: Questionnaires },
  { path: PAGES.store, Component: AppStores },
  { path: PAGES.appUser, Component: AppUsers },
  { path: PAGES.betaUser, Component: BetaUsers },
  { path: PAGES.storage, Component: Buckets },
  { path: PAGES.appLog, Component: AppLogs },
  { path: PAGES.bucketDomains, Component: BucketDomains },
];

export default routes;
