import { PATHS, lazyScreen, type AppRoute } from '../../shared/routing';

export const menuRoutes: readonly AppRoute[] = [
  { path: PATHS.menu, access: 'member', Screen: lazyScreen(() => import('./MenuPage')) },
];
