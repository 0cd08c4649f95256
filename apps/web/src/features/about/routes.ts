import { lazy } from 'react';
import { PATHS, type AppRoute } from '../../shared/routing';

export const aboutRoutes: readonly AppRoute[] = [
  { path: PATHS.about, access: 'public', Screen: lazy(() => import('./AboutPage')) },
];
