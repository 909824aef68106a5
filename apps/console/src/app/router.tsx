/**
 * The console's routes: the public pages (one lazy chunk) and the four signed-in areas, each built from its route
 * table (routes/areas.ts, docs/architecture.md "Console routes and menus"), which also gives the area's sidebar. The
 * areas' shell and each area's home are fetched on sign-in (preload.ts).
 */
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { NotFound } from '../components/NotFound.tsx';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { RouteError } from './RouteError.tsx';
import { atkRoutes, clientRoutes, globalRoutes, superRoutes } from './routes/areas.ts';
import { areaRoute, shellOf } from './routes/model.tsx';
import { SessionProvider } from './SessionProvider.tsx';

const publicPages = () => import('../features/public.ts');
const HomePage = lazy(() => publicPages().then((m) => ({ default: m.HomePage })));
const MobilePage = lazy(() => publicPages().then((m) => ({ default: m.MobilePage })));
const LoginPage = lazy(() => publicPages().then((m) => ({ default: m.LoginPage })));
const SignUpPage = lazy(() => publicPages().then((m) => ({ default: m.SignUpPage })));
const RecoverPage = lazy(() => publicPages().then((m) => ({ default: m.RecoverPage })));
const ResetPasswordPage = lazy(() => publicPages().then((m) => ({ default: m.ResetPasswordPage })));
const TermsPage = lazy(() => publicPages().then((m) => ({ default: m.TermsPage })));
const PrivacyPage = lazy(() => publicPages().then((m) => ({ default: m.PrivacyPage })));
const InvitationPage = lazy(() => import('../features/invitations/InvitationPage.tsx'));

/** The client shell also frames a usable invitation. */
const ClientShell = shellOf(clientRoutes);

function Root() {
  return (
    <SessionProvider>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </SessionProvider>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      { path: '/home', element: <HomePage /> },
      { path: '/mobile', element: <MobilePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignUpPage /> },
      { path: '/recover', element: <RecoverPage /> },
      { path: '/recover/:uuid', element: <ResetPasswordPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/invitations/:uuid', element: <InvitationPage shell={ClientShell} /> },
      areaRoute(clientRoutes, ClientShell),
      areaRoute(globalRoutes),
      areaRoute(superRoutes),
      areaRoute(atkRoutes),
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
