import * as React from 'react';

import Certificates from './Certificates';
import { DeviceDomains, SelfDomains, ServiceDomains } from './Domains';
import SslCertificates from './Ssl';

(window as unknown as { __remoteReact?: Record<string, unknown> }).__remoteReact ??= {};
(window as unknown as { __remoteReact: Record<string, unknown> }).__remoteReact['device-access'] = React;

/** The pages of the device-access plugin, by the route paths of its manifest's menus. */
const routes = [
  { path: '/deviceAccess/domainManagement', Component: DeviceDomains },
  { path: '/deviceAccess/certificateManagement', Component: Certificates },
  { path: '/deviceAccess/service-domain', Component: ServiceDomains },
  { path: '/deviceAccess/ssl-certificate', Component: SslCertificates },
  { path: '/deviceAccess/self-domain', Component: SelfDomains },
];

export default routes;
