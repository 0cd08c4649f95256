import { createHash, randomInt } from 'node:crypto';
import { VERIFICATION_CODE_LENGTH, VERIFICATION_CODE_TTL_MS } from '@wordhoard/shared';
import { AppError } from '../../domain/errors';
import type { EmailCodePurpose, EmailCodesRepository } from './email-codes.repository';

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
    private readonly codes: EmailCodesRepository,
    private readonly clock: () => Date,
  ) {}

  async issue(userId: string, purpose: EmailCodePurpose): Promise<string> {
    const code = newCode();
    const now = this.clock();
    await this.codes.replaceOpen({
      userId,
      purpose,
      codeHash: hashCode(userId, purpose, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_MS),
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
    const current = await this.codes.latestOpen(userId, purpose);
    if (!current) throw new AppError('INCORRECT_CODE');
    if (current.expiresAt <= now) throw new AppError('CODE_EXPIRED');

    const matched = await this.codes.tryConsume(current.id, hashCode(userId, purpose, code), now);
    // No row: a concurrent try consumed or burned it first.
    if (!matched) throw new AppError('INCORRECT_CODE');
  }
}
