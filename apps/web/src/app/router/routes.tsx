import { use, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
import { allStringsPending } from '../../shared/i18n';
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
 * Screens anyone may open (the landing, about, support and policy pages, sign-in) need only the
 * start areas' strings; the screens behind sign-in wait for every area (shared/i18n/allStrings.ts).
 */
const needsAllStrings = (route: AppRoute) => route.access !== 'public' && route.access !== 'signedOut';

const routeAt = (pathname: string): AppRoute | undefined =>
  matchRoutes(
    appRoutes.map((route) => ({ path: route.path, handle: route })),
    pathname,
  )?.at(-1)?.route.handle;

/**
 * Starts fetching the code of the screen at `pathname`, so that start-up downloads it while the
 * session is restored rather than after (screens declared with `lazyScreen`). True when the
 * screen needs the strings of every area, which start-up then loads beside it.
 */
export function preloadScreen(pathname: string): boolean {
  const route = routeAt(pathname);
  void route?.Screen.preload?.().catch(() => undefined);
  return route !== undefined && needsAllStrings(route);
}

/** Suspends its screen until the strings of every area are loaded (the layout's Suspense). */
function AllStrings({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const pending = allStringsPending(i18n);
  if (pending) use(pending);
  return children;
}

function toRouteObject(route: AppRoute): RouteObject {
  const { path, access, roles, Screen } = route;
  return {
    path,
    element: (
      <RouteGuard rule={{ access, roles }}>
        {needsAllStrings(route) ? (
          <AllStrings>
            <Screen />
          </AllStrings>
        ) : (
          <Screen />
        )}
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
