import type { Role } from '@wordhoard/shared';
import { PATHS } from './paths';

/**
 * Who may open a route (DESIGN §4):
 * - `public`: everyone;
 * - `signedOut`: the /auth screens; a signed-in user is sent on to where they belong;
 * - `session`: any signed-in user, whatever the sign-up step;
 * - `verify` / `acceptPolicy`: the sign-up step of that name only;
 * - `member`: users who finished sign-up, optionally only some roles.
 */
export type RouteAccess = 'public' | 'signedOut' | 'session' | 'verify' | 'acceptPolicy' | 'member';

export interface RouteRule {
  access: RouteAccess;
  /** For `member` routes: the roles allowed; everyone else goes to the main menu. */
  roles?: readonly Role[];
}

const SIGNED_OUT_PATH = PATHS.auth;
const MAIN_MENU_PATH = PATHS.menu;

/** Where a user belongs when the route they asked for is not theirs. */
export function homePathFor(user: { role: Role } | null): string {
  if (!user) return SIGNED_OUT_PATH;
  if (user.role === 'notVerifiedUser') return PATHS.verify;
  if (user.role === 'notAcceptedPolicyUser') return PATHS.acceptPolicy;
  return MAIN_MENU_PATH;
}

/** The path to redirect to, or null when `user` may open a route with `rule`. */
export function accessRedirect(rule: RouteRule, user: { role: Role } | null): string | null {
  switch (rule.access) {
    case 'public':
      return null;
    case 'signedOut':
      return user ? homePathFor(user) : null;
    case 'session':
      return user ? null : SIGNED_OUT_PATH;
    case 'verify':
      return user?.role === 'notVerifiedUser' ? null : homePathFor(user);
    case 'acceptPolicy':
      return user?.role === 'notAcceptedPolicyUser' ? null : homePathFor(user);
    case 'member': {
      const home = homePathFor(user);
      if (home !== MAIN_MENU_PATH) return home;
      if (rule.roles && user && !rule.roles.includes(user.role)) return MAIN_MENU_PATH;
      return null;
    }
  }
}
