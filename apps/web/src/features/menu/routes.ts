import { lazy } from 'react';
import { PATHS, type AppRoute } from '../../shared/routing';

export const menuRoutes: readonly AppRoute[] = [
  { path: PATHS.menu, access: 'member', Screen: lazy(() => import('./MenuPage')) },
];
