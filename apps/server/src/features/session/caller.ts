import type { Db } from '../../db/database';
import { liveSessionQuery, type SessionRecord } from './session.repository';

/**
 * The caller of a hot route whose own query checks the session (docs/decisions/0014): rather
 * than a round trip for the session and another for the data, the route's query starts from
 * `callerCte` and returns the session it found next to the data. The service then hands that
 * session to `admit`, which applies the same checks the access hook applies to every other
 * route (401 without a live session, 403 for a role the endpoint does not allow) before any
 * of the data is used. A route that never calls `admit` answers 401 (http/route.ts).
 */
export interface Caller {
  /** Placeholder values for `callerCte`: the SHA-256 of the cookie's token, and now. */
  readonly params: { tokenHash: string; now: Date };
  /** The checked session; throws 401/403 as the access hook would. */
  admit(found: SessionRecord | null | undefined): Promise<SessionRecord>;
  /** For a rare path whose query cannot tell "no session" from "no rows": a lookup of its own. */
  lookUp(): Promise<SessionRecord>;
}

/**
 * The live session of the `tokenHash` placeholder as a CTE named `caller` (no row when it is
 * unknown, expired, or its guest's 24 hours are over): the query of
 * SessionRepository.findValid, in a form a route's query can join.
 */
export function callerCte(db: Db) {
  return db.$with('caller').as(liveSessionQuery(db));
}

/** The session columns of a `callerCte`, to select next to a route's data. */
export function callerColumns(me: ReturnType<typeof callerCte>) {
  return {
    sessionId: me.sessionId,
    userId: me.userId,
    role: me.role,
    expiresAt: me.expiresAt,
    lastSeenAt: me.lastSeenAt,
  };
}
