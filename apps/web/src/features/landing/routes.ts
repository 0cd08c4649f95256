import { lazy } from 'react';
import { PATHS, type AppRoute } from '../../shared/routing';

export const landingRoutes: readonly AppRoute[] = [
  { path: PATHS.landing, access: 'public', Screen: lazy(() => import('./LandingPage')) },
];
