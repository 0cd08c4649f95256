import { PATHS, lazyScreen, type AppRoute } from '../../shared/routing';

export const aboutRoutes: readonly AppRoute[] = [
  { path: PATHS.about, access: 'public', Screen: lazyScreen(() => import('./AboutPage')) },
];
