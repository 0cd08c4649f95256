export { accessRedirect, homePathFor } from './access';
export type { RouteAccess, RouteRule } from './access';
export type { AppRoute } from './appRoute';
export { lazyScreen } from './lazyScreen';
export type { LazyScreen } from './lazyScreen';
export { KEEP_WORDS_ROLES, PATHS, PLANS_ROLES, SUBSCRIPTION_ROLES, USER_EDIT_ROLES } from './paths';
