import { PATHS, lazyScreen, type AppRoute } from '../../shared/routing';

export const landingRoutes: readonly AppRoute[] = [
  { path: PATHS.landing, access: 'public', Screen: lazyScreen(() => import('./LandingPage')) },
];
