import { PATHS, lazyScreen, type AppRoute } from '../../shared/routing';

export const supportRoutes: readonly AppRoute[] = [
  { path: PATHS.support, access: 'public', Screen: lazyScreen(() => import('./SupportPage')) },
];
