import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { PreparedQueries } from '../../db/prepared';
import { sessions, users } from '../../db/schema';

export interface SessionRecord {
  sessionId: string;
  userId: string;
  role: (typeof users.$inferSelect)['role'];
  expiresAt: Date;
  lastSeenAt: Date;
}

/**
 * The live session of the `tokenHash` placeholder at the `now` placeholder, with its user's
 * role: its token, not expired, and not a guest past their 24 hours (refused at once, before
 * the sweeper runs). `findValid` runs it alone; the hot routes join it as `callerCte`.
 */
export function liveSessionQuery(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      role: users.role,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        or(isNull(users.guestExpiresAt), gt(users.guestExpiresAt, sql.placeholder('now'))),
      ),
    );
}

export class SessionRepository {
  private readonly prepared = new PreparedQueries('session');

  constructor(private readonly db: Db) {}

  async insert(values: typeof sessions.$inferInsert): Promise<void> {
    await this.db.insert(sessions).values(values);
  }

  /** One query per request: the session joined with its user's role. */
  async findValid(tokenHash: string, now: Date): Promise<SessionRecord | undefined> {
    const query = this.prepared.get('find_valid', (name) => liveSessionQuery(this.db).limit(1).prepare(name));
    const [row] = await query.execute({ tokenHash, now });
    return row;
  }

  async touch(sessionId: string, now: Date, expiresAt: Date): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, sessionId));
  }

  async replaceToken(sessionId: string, tokenHash: string, now: Date, expiresAt: Date): Promise<boolean> {
    const updated = await this.db
      .update(sessions)
      .set({ tokenHash, lastSeenAt: now, expiresAt })
      .where(eq(sessions.id, sessionId))
      .returning({ id: sessions.id });
    return updated.length > 0;
  }

  async deleteByTokenHash(tokenHash: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  }

  async deleteForUser(userId: string, exceptSessionId?: string): Promise<void> {
    await this.db
      .delete(sessions)
      .where(
        exceptSessionId
          ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${exceptSessionId}`)
          : eq(sessions.userId, userId),
      );
  }

  async deleteExpired(now: Date): Promise<number> {
    const removed = await this.db
      .delete(sessions)
      .where(lt(sessions.expiresAt, now))
      .returning({ id: sessions.id });
    return removed.length;
  }
}
