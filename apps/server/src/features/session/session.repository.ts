import { and, eq, gt, lt, lte, or, sql } from 'drizzle-orm';
import { liveSessionQuery } from '../../db/caller-session';
import type { CallerSession } from '../../domain/caller';
import type { Db } from '../../db/database';
import { PreparedQueries } from '../../db/prepared';
import { sessions } from '../../db/schema';

/** A live session with its user's role: the caller of a request (domain/caller.ts). */
export type SessionRecord = CallerSession;

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

  /**
   * A new token that alone opens the session from now on: the previous one is forgotten and
   * so is a restore's password allowance (a password change, docs/decisions/0003).
   */
  async replaceToken(sessionId: string, tokenHash: string, now: Date, expiresAt: Date): Promise<boolean> {
    const updated = await this.db
      .update(sessions)
      .set({
        tokenHash,
        tokenIssuedAt: now,
        previousTokenHash: null,
        previousTokenValidUntil: null,
        passwordResetUntil: null,
        lastSeenAt: now,
        expiresAt,
      })
      .where(eq(sessions.id, sessionId))
      .returning({ id: sessions.id });
    return updated.length > 0;
  }

  /**
   * Rotates the session whose current token is `presentedHash`, unless that token was issued
   * after `staleBefore`: one conditional UPDATE, so of several refreshes of one token at once
   * exactly one rotates (the others find the hash moved, or the token fresh) and the replaced
   * token stays valid until `previousValidUntil`. False when nothing was rotated.
   */
  async rotateIfStale(input: {
    sessionId: string;
    presentedHash: string;
    tokenHash: string;
    now: Date;
    staleBefore: Date;
    previousValidUntil: Date;
    expiresAt: Date;
  }): Promise<boolean> {
    const updated = await this.db
      .update(sessions)
      .set({
        tokenHash: input.tokenHash,
        tokenIssuedAt: input.now,
        // The right-hand side reads the row as it was: the token being replaced.
        previousTokenHash: sql`${sessions.tokenHash}`,
        previousTokenValidUntil: input.previousValidUntil,
        lastSeenAt: input.now,
        expiresAt: input.expiresAt,
      })
      .where(
        and(
          eq(sessions.id, input.sessionId),
          eq(sessions.tokenHash, input.presentedHash),
          lte(sessions.tokenIssuedAt, input.staleBefore),
        ),
      )
      .returning({ id: sessions.id });
    return updated.length > 0;
  }

  /** Takes the restore's one-time leave to set a password without the old one, if still open. */
  async takePasswordReset(sessionId: string, now: Date): Promise<boolean> {
    const updated = await this.db
      .update(sessions)
      .set({ passwordResetUntil: null })
      .where(and(eq(sessions.id, sessionId), gt(sessions.passwordResetUntil, now)))
      .returning({ id: sessions.id });
    return updated.length > 0;
  }

  /** Ends the session `tokenHash` opens: by its current token or its previous one within grace. */
  async deleteByTokenHash(tokenHash: string, now: Date): Promise<void> {
    await this.db
      .delete(sessions)
      .where(
        or(
          eq(sessions.tokenHash, tokenHash),
          and(eq(sessions.previousTokenHash, tokenHash), gt(sessions.previousTokenValidUntil, now)),
        ),
      );
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
