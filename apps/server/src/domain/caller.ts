import type { Role } from '@wordhoard/shared';
import type { DaySettings } from './learner-day';

/** The signed-in session a request acts for, with what decides its user's day (decision 0053). */
export interface CallerSession extends DaySettings {
  sessionId: string;
  userId: string;
  role: Role;
  expiresAt: Date;
  lastSeenAt: Date;
}

/**
 * Who a request acts for: the one way a service learns its caller. Every service method that
 * acts for a signed-in user takes a `Caller` (route handlers get it from `route()`), and:
 *
 * - most call `session()`: the session the access hook has already checked (401 without a live
 *   session, 403 for a role the endpoint does not allow);
 * - the hot reads check the session inside their own query (docs/decisions/0014): they put
 *   `params` into the query's `caller` CTE, get the session back next to the data, and hand it
 *   to `admit`, which applies the same checks before any of the data is used. A route whose
 *   caller was never admitted answers 401 (http/route.ts), so forgetting `admit` fails closed.
 */
export interface Caller {
  /** Placeholder values for the session CTE: the SHA-256 of the cookie's token, and now. */
  readonly params: { tokenHash: string; now: Date };
  /** The checked session, once there is one. */
  readonly admitted: CallerSession | undefined;
  /** Checks the session a route's own query found; throws 401/403 as the access hook would. */
  admit(found: CallerSession | null | undefined): Promise<CallerSession>;
  /** The checked session (looked up once when the route's query did not bring it). */
  session(): Promise<CallerSession>;
}
