import * as React from 'react';

import Agreements from './Agreements';
import FaqGroups from './FaqGroups';
import Feedback from './Feedback';
import FeedbackEmails from './FeedbackEmails';
import Manuals from './Manuals';
import Portal from './Portal';
import { PAGES } from './parts';

// Exposes this remote's React to the end-to-end test, which asserts the shell and the remote
// share one React (a duplicate would break hooks across the boundary).
(window as unknown as { __remoteReact?: Record<string, unknown> }).__remoteReact ??= {};
(window as unknown as { __remoteReact: Record<string, unknown> }).__remoteReact.content = React;

/** The pages of the content plugin, by the route paths of its manifest's menus (6101-6106). */
const routes = [
  { path: PAGES.faqGroup, Component: FaqGroups },
  { path: PAGES.feedback, Component: Feedback },
  { path: PAGES.feedbackEmail, Component: FeedbackEmails },
  { path: PAGES.agreement, Component: Agreements },
  { path: PAGES.manual, Component: Manuals },
  { path: PAGES.portal, Component: Portal },
];

export default routes;
