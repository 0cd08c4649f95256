import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from './database';
import { sessions, users } from './schema';

/**
 * The live session of the `tokenHash` placeholder at the `now` placeholder, with its user's
 * role and what decides their day: its token (or the token its last rotation replaced, within the grace of
 * docs/decisions/0015-session-rotation-grace.md), not expired, and not a guest past their 24
 * hours (refused at once, before the sweeper runs). `findValid` runs it alone; the hot routes
 * join it as `callerCte`. Both token columns are indexed, so this stays two index probes.
 */
export function liveSessionQuery(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      role: users.role,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      timeZone: users.timeZone,
      timeZoneSince: users.timeZoneSince,
      dayBeforeZone: users.dayBeforeZone,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        or(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          and(
            eq(sessions.previousTokenHash, sql.placeholder('tokenHash')),
            gt(sessions.previousTokenValidUntil, sql.placeholder('now')),
          ),
        ),
        gt(sessions.expiresAt, sql.placeholder('now')),
        or(isNull(users.guestExpiresAt), gt(users.guestExpiresAt, sql.placeholder('now'))),
      ),
    );
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
    timeZone: me.timeZone,
    timeZoneSince: me.timeZoneSince,
    dayBeforeZone: me.dayBeforeZone,
  };
}
