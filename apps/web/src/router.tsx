import { Spin } from 'antd';
import { type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { setLoginNavigator } from './api/query.ts';
import { DashboardPage } from './pages/DashboardPage.tsx';
import { EmbeddedPage } from './pages/EmbeddedPage.tsx';
import { ForbiddenPage, ServerErrorPage } from './pages/ErrorPages.tsx';
import { InfoPage } from './pages/InfoPage.tsx';
import { LockPage } from './pages/LockPage.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { SelfCheckPage } from './pages/SelfCheckPage.tsx';
import { WelcomePage } from './pages/WelcomePage.tsx';
import { lazyScreen } from './shell/chunks.ts';
import { RouteError } from './shell/RouteError.tsx';
import { RouteGuard } from './shell/RouteGuard.tsx';
import { ShellLayout } from './shell/ShellLayout.tsx';
import { homePath } from './shell/tabs.ts';

// The generic screens bring ProComponents along: load them when a screen is opened, so the
// sign-in page stays light.
const EntityPage = lazyScreen(() => import('./crud/EntityPage.tsx').then((m) => m.EntityPage));
const PrintPage = lazyScreen(() => import('./crud/PrintPage.tsx').then((m) => m.PrintPage));

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
 * Every route sits under the guard (spec 01 §2). The fixed routes (/login, /lock, /404, /403,
 * /500) stand outside the layout; so does the print page (no shell on paper). Everything else
 * lives in the shell; menu paths of catalogue entities open their list screen, other menu paths
 * their page, and unknown paths go to /404. A page that crashes shows an error in its place
 * (in the layout when it was inside it) and lands in the error log.
 */
export const router = createBrowserRouter([
  {
    element: <RouteGuard />,
    errorElement: <RouteError />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/lock', element: <LockPage /> },
      { path: '/404', element: <NotFoundPage /> },
      { path: '/403', element: <ForbiddenPage /> },
      { path: '/500', element: <ServerErrorPage /> },
      { path: '/print/:entity', element: loading(<PrintPage />) },
      {
        path: '/',
        element: <ShellLayout />,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { index: true, element: <Navigate to={homePath} replace /> },
              { path: 'wel', element: <Navigate to={homePath} replace /> },
              { path: 'wel/index', element: <WelcomePage /> },
              // Hidden from the menu (spec 01 §2): reached from the home page.
              { path: 'wel/dashboard', element: <DashboardPage /> },
              { path: 'test', element: <Navigate to="/test/index" replace /> },
              { path: 'test/index', element: <SelfCheckPage /> },
              { path: 'info', element: <Navigate to="/info/index" replace /> },
              { path: 'info/index', element: <InfoPage /> },
              { path: 'myiframe/*', element: <EmbeddedPage /> },
              { path: '*', element: loading(<EntityPage />) },
            ],
          },
        ],
      },
    ],
  },
]);

setLoginNavigator(() => void router.navigate('/login', { replace: true }));
