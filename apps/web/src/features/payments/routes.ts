import { PATHS, PLANS_ROLES, SUBSCRIPTION_ROLES, lazyScreen, type AppRoute } from '../../shared/routing';

export const paymentsRoutes: readonly AppRoute[] = [
  {
    path: PATHS.plans,
    access: 'member',
    roles: PLANS_ROLES,
    Screen: lazyScreen(() => import('./screens/PlansPage')),
  },
  {
    path: PATHS.subscription,
    access: 'member',
    roles: SUBSCRIPTION_ROLES,
    Screen: lazyScreen(() => import('./screens/SubscriptionPage')),
  },
  // Stripe returns here right after checkout, while the role may still be `user` (SPEC §4).
  {
    path: PATHS.stripeSuccess,
    access: 'member',
    Screen: lazyScreen(() => import('./screens/StripeSuccessPage')),
  },
  {
    path: PATHS.stripeCancel,
    access: 'member',
    Screen: lazyScreen(() => import('./screens/StripeCancelPage')),
  },
];
