import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
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

  /** Consumes the code or throws INCORRECT_CODE / CODE_EXPIRED (400). */
  async consume(userId: string, purpose: EmailCodePurpose, code: string): Promise<void> {
    const now = this.clock();
    const [current] = await this.db
      .select()
      .from(emailCodes)
      .where(
        and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt)),
      )
      .orderBy(desc(emailCodes.createdAt))
      .limit(1);
    if (!current) throw new AppError(400, 'INCORRECT_CODE');
    if (current.expiresAt <= now) throw new AppError(400, 'CODE_EXPIRED');

    const expected = Buffer.from(current.codeHash, 'hex');
    const given = Buffer.from(hashCode(userId, purpose, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      await this.db
        .update(emailCodes)
        .set({
          failedAttempts: sql`${emailCodes.failedAttempts} + 1`,
          consumedAt: sql`case when ${emailCodes.failedAttempts} + 1 >= ${VERIFICATION_CODE_MAX_ATTEMPTS} then ${now.toISOString()}::timestamptz else null end`,
        })
        .where(eq(emailCodes.id, current.id));
      throw new AppError(400, 'INCORRECT_CODE');
    }
    // Single use even when two requests race: only one update finds it unconsumed.
    const consumed = await this.db
      .update(emailCodes)
      .set({ consumedAt: now })
      .where(and(eq(emailCodes.id, current.id), isNull(emailCodes.consumedAt)))
      .returning({ id: emailCodes.id });
    if (consumed.length === 0) throw new AppError(400, 'INCORRECT_CODE');
  }
}
