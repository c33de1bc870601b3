import * as React from 'react';

import Apps from './Apps';
import DeviceDashboard from './DeviceDashboard';
import DeviceLogs from './DeviceLogs';
import Enterprises from './Enterprises';
import ErrorAnalysis from './ErrorAnalysis';
import Overview from './Overview';
import World from './World';

(window as unknown as { __remoteReact?: Record<string, unknown> }).__remoteReact ??= {};
(window as unknown as { __remoteReact: Record<string, unknown> }).__remoteReact['dashboard'] = React;

/** The pages of the dashboard plugin, by the route paths of its manifest's menus. */
const routes = [
  { path: '/echartGroup/index', Component: Overview },
  { path: '/echartGroup/tenant', Component: Enterprises },
  { path: '/echartGroup/device', Component: DeviceDashboard },
  { path: '/echartGroup/apps', Component: Apps },
  { path: '/echartGroup/device-log', Component: DeviceLogs },
  { path: '/echartGroup/error-analysis', Component: ErrorAnalysis },
  { path: '/echartGroup/world', Component: World },
];

export default routes;
