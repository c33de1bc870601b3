import { addSdkStrings, configureRequest, session } from '@console/sdk';
import * as React from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/App';
import { acceptEntryParameters } from './app/entry';
import { setupI18n } from './i18n';
import './styles.css';

const i18n = setupI18n();
addSdkStrings();
const openAfterEntry = acceptEntryParameters(window.location, window.history);
configureRequest({ lang: () => (i18n.language as never) ?? 'zhCn', systemException: () => i18n.t('errors.systemException') });
if (openAfterEntry && session.token()) window.history.replaceState(null, '', openAfterEntry);

// For the end-to-end test: the shell and every remote must share this one React.
(window as unknown as { __shellReact: unknown }).__shellReact = React;

createRoot(document.getElementById('root') as HTMLElement).render(<App />);
