import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_MAX_ATTEMPTS,
  VERIFICATION_CODE_TTL_MS,
} from '@wordhoard/shared';
import type { Db } from '../../db/database';
import { emailCodes, type EmailCodePurpose } from '../../db/schema';
import { AppError } from '../../http/errors';

function hashCode(userId: string, purpose: EmailCodePurpose, code: string): string {
  return createHash('sha256').update(`${userId}:${purpose}:${code}`).digest('hex');
}

/** Six digits from the CSPRNG, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
}

/**
 * Mailed one-time codes: stored hashed, valid 15 minutes, single use; the fifth wrong try
 * burns the code. Issuing a new code retires the older ones of the same purpose.
 */
export class EmailCodeService {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
  ) {}

  async issue(userId: string, purpose: EmailCodePurpose): Promise<string> {
    const code = newCode();
    const now = this.clock();
    await this.db.transaction(async (tx) => {
      await tx
        .update(emailCodes)
        .set({ consumedAt: now })
        .where(
          and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt)),
        );
      await tx.insert(emailCodes).values({
        userId,
        purpose,
        codeHash: hashCode(userId, purpose, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_MS),
      });
    });
    return code;
  }

  /**
   * Consumes the code or throws INCORRECT_CODE / CODE_EXPIRED (400). The verdict is one
   * conditional UPDATE … RETURNING on a row that is still unconsumed and unexpired, so of any
   * number of concurrent tries exactly one right one wins, and a wrong try can never un-consume
   * a code (it only ever counts towards burning it). The hashes compared in SQL are SHA-256
   * digests of the code, so the comparison leaks nothing an attacker can steer.
   */
  async consume(userId: string, purpose: EmailCodePurpose, code: string): Promise<void> {
    const now = this.clock();
    const [current] = await this.db
      .select({ id: emailCodes.id, expiresAt: emailCodes.expiresAt })
      .from(emailCodes)
      .where(
        and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt)),
      )
      .orderBy(desc(emailCodes.createdAt))
      .limit(1);
    if (!current) throw new AppError(400, 'INCORRECT_CODE');
    if (current.expiresAt <= now) throw new AppError(400, 'CODE_EXPIRED');

    const given = hashCode(userId, purpose, code);
    const matches = sql`${emailCodes.codeHash} = ${given}`;
    const [verdict] = await this.db
      .update(emailCodes)
      .set({
        failedAttempts: sql`${emailCodes.failedAttempts} + case when ${matches} then 0 else 1 end`,
        consumedAt: sql`case when ${matches} or ${emailCodes.failedAttempts} + 1 >= ${VERIFICATION_CODE_MAX_ATTEMPTS} then ${now.toISOString()}::timestamptz end`,
      })
      .where(and(eq(emailCodes.id, current.id), isNull(emailCodes.consumedAt), gt(emailCodes.expiresAt, now)))
      .returning({ matched: sql<boolean>`${matches}` });
    // No row: a concurrent try consumed or burned it first.
    if (!verdict?.matched) throw new AppError(400, 'INCORRECT_CODE');
  }
}
