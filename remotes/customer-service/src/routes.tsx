import * as React from 'react';

import Faqs from './Faqs';
import Languages from './Languages';
import { PAGES } from './parts';
import QuestionTypes from './QuestionTypes';
import Seats from './Seats';
import ServiceSettings from './ServiceSettings';
import { EnterpriseOrders, MyOrders, OrderRecords, UserOrders } from './WorkOrders';
import Workspace from './Workspace';

// Exposes this remote's React to the end-to-end test, which asserts the shell and the remote
// share one React (a duplicate would break hooks across the boundary).
(window as unknown as { __remoteReact?: Record<string, unknown> }).__remoteReact ??= {};
(window as unknown as { __remoteReact: Record<string, unknown> }).__remoteReact['customer-service'] = React;

/** The pages of the customer-service plugin, by the route paths of its manifest's menus (6001-6010). */
const routes = [
  { path: PAGES.orderRecord, Component: OrderRecords },
  { path: PAGES.myOrderRecord, Component: MyOrders },
  { path: PAGES.userOrder, Component: UserOrders },
  { path: PAGES.companyOrder, Component: EnterpriseOrders },
  { path: PAGES.seatList, Component: Seats },
  { path: PAGES.serviceCenter, Component: Workspace },
  { path: PAGES.systemService, Component: ServiceSettings },
  { path: PAGES.faq, Component: Faqs },
  { path: PAGES.questionType, Component: QuestionTypes },
  { path: PAGES.language, Component: Languages },
];

export default routes;
