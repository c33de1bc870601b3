import { Spin } from 'antd';
import * as React from 'react';
import Clients from './Clients';
import Keys from './Keys';
import Relations from './Relations';
import Whitelist from './Whitelist';

(window as unknown as { __remoteReact?: Record<string, unknown> }).__remoteReact ??= {};
(window as unknown as { __remoteReact: Record<string, unknown> }).__remoteReact.rtc = React;

// Charts (echarts) load only when the analytics page opens.
const AnalyticsPage = React.lazy(() => import('./Analytics'));
function Analytics() {
  return (
    <React.Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
      <AnalyticsPage />
    </React.Suspense>
  );
}

/** The pages of the RTC plugin, by the route paths of its manifest's menus. */
const routes = [
  { path: '/rtc/rtc-client', Component: Clients },
  { path: '/rtc/product-white-list', Component: Whitelist },
  { path: '/rtc/rtc-keys', Component: Keys },
  { path: '/rtc/rtc-relation', Component: Relations },
  { path: '/rtc/rtc-analytics', Component: Analytics },
];

export default routes;
