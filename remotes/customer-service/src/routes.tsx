import * as React from 'react';

import Faqs from './Faqs';
import Languages from './Languages';
import { PAGES } from './parts';
import QuestionTypes from './QuestionTypes';

// Exposes this remote's React to the end-to-end test, which asserts the shell and the remote
// share one React (a duplicate would break hooks across the boundary).
(window as unknown as { __remoteReact?: Record<string, unknown> }).__remoteReact ??= {};
(window as unknown as { __remoteReact: Record<string, unknown> }).__remoteReact['customer-service'] = React;

/** The pages of the customer-service plugin, by the route paths of its manifest's menus (6008-6010). */
const routes = [
  { path: PAGES.faq, Component: Faqs },
  { path: PAGES.questionType, Component: QuestionTypes },
  { path: PAGES.language, Component: Languages },
];

export default routes;
