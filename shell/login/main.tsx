// The sign-in page: its own small build (no module federation, no antd), so the first screen
// loads fast; the console and its shared libraries load after sign-in.
import { configureRequest, session } from '@console/sdk';
import { createRoot } from 'react-dom/client';

import { LoginPage } from '../src/app/Login';
import { acceptEntryParameters, entryHasPortal, fetchPortalOrigins, keepEntrySession, takeEntryToken } from '../src/app/entry';
import { setupI18n } from '../src/i18n';
import '../src/styles.css';

const i18n = setupI18n();
// The form shows what failed in the user's language, a lost network included.
configureRequest({ systemException: () => i18n.t('errors.systemException'), networkAbnormal: () => i18n.t('errors.networkAbnormal') });
// A portal to return to is remembered only if the host lists it (fetched only when one is named).
const origins = entryHasPortal(window.location) ? await fetchPortalOrigins() : [];
const next = acceptEntryParameters(window.location, window.history, origins);
const token = takeEntryToken();
if (token) await keepEntrySession(token).catch(() => session.clear());
if (session.signedIn()) {
  // Signed in (the session is the host's cookie): the sign-in page is not shown.
  window.location.replace(next ?? '/');
} else {
  createRoot(document.getElementById('root') as HTMLElement).render(<LoginPage />);
}
