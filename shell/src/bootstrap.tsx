import { addSdkStrings, configureRequest, session } from '@console/sdk';
import * as React from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/App';
import { acceptEntryParameters, entryHasPortal, fetchPortalOrigins, keepEntrySession, takeEntryToken } from './app/entry';
import { setupI18n } from './i18n';
import './styles.css';

const i18n = setupI18n();
addSdkStrings();
configureRequest({
  lang: () => (i18n.language as never) ?? 'zhCn',
  systemException: () => i18n.t('errors.systemException'),
  networkAbnormal: () => i18n.t('errors.networkAbnormal'),
});

// For the end-to-end test: the shell and every remote must share this one React.
(window as unknown as { __shellReact: unknown }).__shellReact = React;

async function start(portalOrigins: readonly string[]) {
  const openAfterEntry = acceptEntryParameters(window.location, window.history, portalOrigins);
  const token = takeEntryToken();
  // A refused token clears the session: the guard then sends the user to sign in.
  if (token) await keepEntrySession(token).catch(() => session.clear());
  if (openAfterEntry && session.signedIn()) window.history.replaceState(null, '', openAfterEntry);
  createRoot(document.getElementById('root') as HTMLElement).render(<App />);
}

// `from` is kept only on a configured portal origin; ask the host for them only when it is given.
if (entryHasPortal(window.location)) void fetchPortalOrigins().then(start);
else void start([]);
