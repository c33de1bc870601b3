import * as React from 'react';

import MessageLog from './MessageLog';
import Push from './Push';
import Records from './Records';
import Servers from './Servers';
import Sms from './Sms';
import Templates from './Templates';

(window as unknown as { __remoteReact?: Record<string, unknown> }).__remoteReact ??= {};
(window as unknown as { __remoteReact: Record<string, unknown> }).__remoteReact.messaging = React;

/** The pages of the messaging plugin, by the route paths of its manifest's menus. */
const routes = [
  { path: '/message/mail', Component: Servers },
  { path: '/message/mail-template', Component: Templates },
  { path: '/message/email-record', Component: Records },
  { path: '/message/sms', Component: Sms },
  { path: '/message/jpush', Component: Push },
  { path: '/message/log', Component: MessageLog },
];

export default routes;
