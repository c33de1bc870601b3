import * as React from 'react';

import AppDownloads from './AppDownloads';
import AppHistory from './AppHistory';
import AppPackages from './AppPackages';
import DeviceHistory from './DeviceHistory';
import FlashOrders from './FlashOrders';
import History from './History';
import IssueTasks from './IssueTasks';
import Packages from './Packages';
import Statements from './Statements';
import TestPackages from './TestPackages';

(window as unknown as { __remoteReact?: Record<string, unknown> }).__remoteReact ??= {};
(window as unknown as { __remoteReact: Record<string, unknown> }).__remoteReact['upgrade'] = React;

/** The pages of the upgrade plugin, by the route paths of its manifest's menus (5801-5807, 5810-5812). */
const routes = [
  { path: '/ota-upgrade/publish', Component: Packages },
  { path: '/ota-upgrade/test', Component: TestPackages },
  { path: '/ota-upgrade/history', Component: History },
  { path: '/ota-upgrade/statement-publish', Component: Statements },
  { path: '/ota-upgrade/issue-task', Component: IssueTasks },
  { path: '/ota-upgrade/device-history-version', Component: DeviceHistory },
  { path: '/ota-upgrade/flash-orders', Component: FlashOrders },
  { path: '/app-manage/app-upgrade', Component: AppPackages },
  { path: '/app-manage/app-upgrade-history', Component: AppHistory },
  { path: '/app-manage/app-download', Component: AppDownloads },
];

export default routes;
