import { matchRoutes, type RouteObject } from 'react-router';
import { aboutRoutes } from '../../features/about/routes';
import { authRoutes } from '../../features/auth/routes';
import { dictionariesRoutes } from '../../features/dictionaries/routes';
import { landingRoutes } from '../../features/landing/routes';
import { menuRoutes } from '../../features/menu/routes';
import { notFoundRoute } from '../../features/notFound/routes';
import { paymentsRoutes } from '../../features/payments/routes';
import { policiesRoutes } from '../../features/policies/routes';
import { supportRoutes } from '../../features/support/routes';
import { testingRoutes } from '../../features/testing/routes';
import { userRoutes } from '../../features/user/routes';
import type { AppRoute } from '../../shared/routing';
import { RootLayout } from '../layout/RootLayout';
import { RouteErrorScreen } from './RouteErrorScreen';
import { RouteGuard } from './RouteGuard';

/** Every screen of SPEC §2; the catch-all Not found comes last. */
export const appRoutes: readonly AppRoute[] = [
  ...landingRoutes,
  ...aboutRoutes,
  ...supportRoutes,
  ...authRoutes,
  ...menuRoutes,
  ...userRoutes,
  ...dictionariesRoutes,
  ...testingRoutes,
  ...paymentsRoutes,
  ...policiesRoutes,
  notFoundRoute,
];

export const ROUTE_PATHS: readonly string[] = appRoutes.map((route) => route.path);

/**
 * Starts fetching the code of the screen at `pathname`, so that start-up downloads it while the
 * session is restored rather than after (screens declared with `lazyScreen`).
 */
export function preloadScreen(pathname: string): void {
  const matches = matchRoutes(
    appRoutes.map((route) => ({ path: route.path, handle: route })),
    pathname,
  );
  const route = matches?.at(-1)?.route.handle;
  void route?.Screen.preload?.().catch(() => undefined);
}

function toRouteObject({ path, access, roles, Screen }: AppRoute): RouteObject {
  return {
    path,
    element: (
      <RouteGuard rule={{ access, roles }}>
        <Screen />
      </RouteGuard>
    ),
  };
}

/** The router's tree: every screen inside the root layout, behind one error boundary. */
export function createRouteObjects(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      children: [{ errorElement: <RouteErrorScreen />, children: appRoutes.map(toRouteObject) }],
    },
  ];
}
