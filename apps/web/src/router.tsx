import { createBrowserRouter, Navigate } from 'react-router';
import { setLoginNavigator } from './api/query.ts';
import { LoginPage } from './pages/LoginPage.tsx';
import { MenuPage } from './pages/MenuPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { WelcomePage } from './pages/WelcomePage.tsx';
import { homePath, ShellLayout } from './shell/ShellLayout.tsx';

/**
 * Fixed routes (/login, /404) open without a session; everything else lives in the shell,
 * which sends visitors without a session to /login.
 */
export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/404', element: <NotFoundPage /> },
  {
    path: '/',
    element: <ShellLayout />,
    children: [
      { index: true, element: <Navigate to={homePath} replace /> },
      { path: 'wel', element: <Navigate to={homePath} replace /> },
      { path: 'wel/index', element: <WelcomePage /> },
      { path: '*', element: <MenuPage /> },
    ],
  },
]);

setLoginNavigator(() => void router.navigate('/login', { replace: true }));
