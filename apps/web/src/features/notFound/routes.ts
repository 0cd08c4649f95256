import { lazyScreen, type AppRoute } from '../../shared/routing';

/** Matches whatever no other route does; open to everyone. */
export const notFoundRoute: AppRoute = {
  path: '*',
  access: 'public',
  Screen: lazyScreen(() => import('./NotFoundPage')),
};
