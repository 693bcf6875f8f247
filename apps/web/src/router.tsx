import { Spin } from 'antd';
import { type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { setLoginNavigator } from './api/query.ts';
import { HomeSkeleton } from './pages/HomeSkeleton.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { lazyScreen } from './shell/chunks.ts';
import { loadShell, loadWelcome } from './shell/homeChunks.ts';
import { RouteError } from './shell/RouteError.tsx';
import { RouteGuard } from './shell/RouteGuard.tsx';
import { homePath } from './shell/tabs.ts';

// Only the sign-in page (and the guard and error page around every route) is in the first
// load: everything else arrives when it is opened, so /login stays light (issue 20, ADR 0017).
// The generic screens bring ProComponents along, the shell the menus and tabs.
const ShellLayout = lazyScreen(loadShell);
const LockPage = lazyScreen(() => import('./pages/LockPage.tsx').then((m) => m.LockPage));
const NotFoundPage = lazyScreen(() => import('./pages/NotFoundPage.tsx').then((m) => m.NotFoundPage));
const ForbiddenPage = lazyScreen(() => import('./pages/ErrorPages.tsx').then((m) => m.ForbiddenPage));
const ServerErrorPage = lazyScreen(() => import('./pages/ErrorPages.tsx').then((m) => m.ServerErrorPage));
const WelcomePage = lazyScreen(loadWelcome);
const DashboardPage = lazyScreen(() => import('./pages/DashboardPage.tsx').then((m) => m.DashboardPage));
const SelfCheckPage = lazyScreen(() => import('./pages/SelfCheckPage.tsx').then((m) => m.SelfCheckPage));
const InfoPage = lazyScreen(() => import('./pages/InfoPage.tsx').then((m) => m.InfoPage));
const EmbeddedPage = lazyScreen(() => import('./pages/EmbeddedPage.tsx').then((m) => m.EmbeddedPage));
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
      { path: '/lock', element: loading(<LockPage />) },
      { path: '/404', element: loading(<NotFoundPage />) },
      { path: '/403', element: loading(<ForbiddenPage />) },
      { path: '/500', element: loading(<ServerErrorPage />) },
      { path: '/print/:entity', element: loading(<PrintPage />) },
      {
        path: '/',
        // Signing in lands here: the home page's shape shows at once, not an empty page.
        element: (
          <Suspense fallback={<HomeSkeleton frame />}>
            <ShellLayout />
          </Suspense>
        ),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { index: true, element: <Navigate to={homePath} replace /> },
              { path: 'wel', element: <Navigate to={homePath} replace /> },
              {
                path: 'wel/index',
                element: (
                  <Suspense fallback={<HomeSkeleton />}>
                    <WelcomePage />
                  </Suspense>
                ),
              },
              // Hidden from the menu (spec 01 §2): reached from the home page.
              { path: 'wel/dashboard', element: loading(<DashboardPage />) },
              { path: 'test', element: <Navigate to="/test/index" replace /> },
              { path: 'test/index', element: loading(<SelfCheckPage />) },
              { path: 'info', element: <Navigate to="/info/index" replace /> },
              { path: 'info/index', element: loading(<InfoPage />) },
              { path: 'myiframe/*', element: loading(<EmbeddedPage />) },
              { path: '*', element: loading(<EntityPage />) },
            ],
          },
        ],
      },
    ],
  },
]);

setLoginNavigator(() => void router.navigate('/login', { replace: true }));
