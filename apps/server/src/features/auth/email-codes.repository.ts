import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { VERIFICATION_CODE_MAX_ATTEMPTS } from '@wordhoard/shared';
import type { Db } from '../../db/database';
import { emailCodes, type EmailCodePurpose } from '../../db/schema';

export type { EmailCodePurpose };

/** The mailed one-time codes, stored as hashes (see EmailCodeService for the rules). */
export class EmailCodesRepository {
  constructor(private readonly db: Db) {}

  /** Retires the user's open codes of `purpose` and stores a new one, in one transaction. */
  async replaceOpen(values: {
    userId: string;
    purpose: EmailCodePurpose;
    codeHash: string;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<void> {
    const { userId, purpose, createdAt } = values;
    await this.db.transaction(async (tx) => {
      await tx
        .update(emailCodes)
        .set({ consumedAt: createdAt })
        .where(
          and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt)),
        );
      await tx.insert(emailCodes).values(values);
    });
  }

  /** The newest unconsumed code of `purpose`. */
  async latestOpen(userId: string, purpose: EmailCodePurpose) {
    const [current] = await this.db
      .select({ id: emailCodes.id, expiresAt: emailCodes.expiresAt })
      .from(emailCodes)
      .where(
        and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt)),
      )
      .orderBy(desc(emailCodes.createdAt))
      .limit(1);
    return current;
  }

  /**
   * One conditional UPDATE … RETURNING on a code still unconsumed and unexpired at `now`: a
   * match consumes it; a miss counts a failed try and burns the code at the last one. True
   * only for the one try that matched; no row (false) when a concurrent try got there first.
   */
  async tryConsume(id: string, givenHash: string, now: Date): Promise<boolean> {
    const matches = sql`${emailCodes.codeHash} = ${givenHash}`;
    const [verdict] = await this.db
      .update(emailCodes)
      .set({
        failedAttempts: sql`${emailCodes.failedAttempts} + case when ${matches} then 0 else 1 end`,
        consumedAt: sql`case when ${matches} or ${emailCodes.failedAttempts} + 1 >= ${VERIFICATION_CODE_MAX_ATTEMPTS} then ${now.toISOString()}::timestamptz end`,
      })
      .where(and(eq(emailCodes.id, id), isNull(emailCodes.consumedAt), gt(emailCodes.expiresAt, now)))
      .returning({ matched: sql<boolean>`${matches}` });
    return verdict?.matched === true;
  }
}
