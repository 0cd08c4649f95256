import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { invites } from '../../db/schema';

/** The invite codes, stored as hashes (InvitesService has the rules). */
export class InvitesRepository {
  constructor(private readonly db: Db) {}

  async insert(values: {
    codeHash: string;
    usesLeft: number;
    expiresAt: Date | null;
    createdBy: string | null;
  }): Promise<void> {
    await this.db.insert(invites).values(values);
  }

  /**
   * Takes one use of the code, if it has one left and has not expired, in one conditional
   * UPDATE: the row lock makes a second taker of the last use re-check `uses_left` and find 0,
   * so of two parallel sign-ups with a single-use code exactly one gets its id.
   */
  async take(codeHash: string, now: Date): Promise<string | undefined> {
    const [row] = await this.db
      .update(invites)
      .set({ usesLeft: sql`${invites.usesLeft} - 1` })
      .where(
        and(
          eq(invites.codeHash, codeHash),
          gt(invites.usesLeft, 0),
          or(isNull(invites.expiresAt), gt(invites.expiresAt, now)),
        ),
      )
      .returning({ id: invites.id });
    return row?.id;
  }

  /** Gives a use back: the sign-up that took it made no account after all. */
  async giveBack(id: string): Promise<void> {
    await this.db
      .update(invites)
      .set({ usesLeft: sql`${invites.usesLeft} + 1` })
      .where(eq(invites.id, id));
  }
}
