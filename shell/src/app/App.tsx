import { session } from '@console/sdk';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';

// antd and the console load after sign-in: the sign-in screen stays small and fast.
const ConsoleApp = lazy(() => import('./ConsoleApp'));
// The OAuth consent page: public, for an app user, without the console around it.
const Consent = lazy(() => import('./Consent'));

/** Goes to the sign-in page (its own page, served by the host at /login). */
export function toLogin() {
  window.location.replace('/login');
}

/** Without a signed-in user every route goes to /login (the session itself is the host's
 * HttpOnly cookie: when it has ended, the first request answers 401 and ends up there too). */
export function RequireAuth({ children }: { children: React.ReactNode }) {
  if (!session.signedIn()) {
    toLogin();
    return null;
  }
  return <>{children}</>;
}

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path="/oauth/consent"
          element={
            <Suspense fallback={<div className="boot-loading" />}>
              <Consent />
            </Suspense>
          }
        />
        <Route
          path="/*"
          element={
            <RequireAuth>
              <Suspense fallback={<div className="boot-loading" />}>
                <ConsoleApp />
              </Suspense>
            </RequireAuth>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
