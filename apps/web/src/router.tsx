import { Spin } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { setLoginNavigator } from './api/query.ts';
import { LoginPage } from './pages/LoginPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { WelcomePage } from './pages/WelcomePage.tsx';
import { homePath, ShellLayout } from './shell/ShellLayout.tsx';

// The generic screens bring ProComponents along: load them when a screen is opened, so the
// sign-in page stays light.
const EntityPage = lazy(() => import('./crud/EntityPage.tsx').then((m) => ({ default: m.EntityPage })));
const PrintPage = lazy(() => import('./crud/PrintPage.tsx').then((m) => ({ default: m.PrintPage })));

const loading = (page: ReactNode) => (
  <Suspense
    fallback={
      <div className="bl-page-loading">
        <Spin>
          <div className="bl-spin-space" />
        </Spin>
      </div>
    }
  >
    {page}
  </Suspense>
);

/**
 * Fixed routes (/login, /404) open without a session; the print page stands alone (no shell
 * on paper); everything else lives in the shell, which sends visitors without a session to
 * /login. Menu paths of catalogue entities open their list screen.
 */
export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/404', element: <NotFoundPage /> },
  { path: '/print/:entity', element: loading(<PrintPage />) },
  {
    path: '/',
    element: <ShellLayout />,
    children: [
      { index: true, element: <Navigate to={homePath} replace /> },
      { path: 'wel', element: <Navigate to={homePath} replace /> },
      { path: 'wel/index', element: <WelcomePage /> },
      { path: '*', element: loading(<EntityPage />) },
    ],
  },
]);

setLoginNavigator(() => void router.navigate('/login', { replace: true }));
