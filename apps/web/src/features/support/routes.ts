import { lazy } from 'react';
import { PATHS, type AppRoute } from '../../shared/routing';

export const supportRoutes: readonly AppRoute[] = [
  { path: PATHS.support, access: 'public', Screen: lazy(() => import('./SupportPage')) },
];
