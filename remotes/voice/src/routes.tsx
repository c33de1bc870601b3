import * as React from 'react';

import { Assistants } from './Assistants';
import Intents from './Intents';

(window as unknown as { __remoteReact?: Record<string, unknown> }).__remoteReact ??= {};
(window as unknown as { __remoteReact: Record<string, unknown> }).__remoteReact.voice = React;

/** The pages of the voice plugin, by the route paths of its manifest's menus. */
const routes = [
  { path: '/voiceGroup/alexaGroup', Component: () => <Assistants platform="alexa" /> },
  { path: '/voiceGroup/googleGroup', Component: () => <Assistants platform="google" /> },
  { path: '/voiceGroup/third-party', Component: () => <Assistants platform="third-party" /> },
  { path: '/voiceGroup/baidu', Component: () => <Assistants platform="baidu" /> },
  { path: '/voiceGroup/intent', Component: Intents },
];

export default routes;
