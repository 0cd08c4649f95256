import { createHash, randomInt } from 'node:crypto';
import type { Invite } from '@wordhoard/shared';
import type { SignupMode } from '../../config/config';
import { AppError } from '../../domain/errors';
import type { InvitesRepository } from './invites.repository';

/** Crockford's base32 without the look-alikes (no i, l, o, u): easy to read out and type. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
/** 20 characters of 5 bits: 100 random bits, beyond guessing at sign-up's rate limit. */
const CODE_LENGTH = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Codes arrive normalized by the contract (inviteCodeSchema: no spaces or dashes, lower case). */
const hashCode = (code: string) => createHash('sha256').update(`invite:${code}`).digest('hex');

function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += ALPHABET.charAt(randomInt(ALPHABET.length));
  return code;
}

/** The web app's sign-up screen (apps/web PATHS.signup), which reads `?invite=`. */
const SIGNUP_PATH = '/auth/signup';

/** The link that opens sign-up with the code filled in. */
export const inviteLink = (origin: string, code: string): string =>
  `${origin}${SIGNUP_PATH}?invite=${encodeURIComponent(code)}`;

/** Shown in groups of five, the way a person copies it; the dashes are ignored when it is read. */
const formatCode = (code: string) => code.match(/.{1,5}/g)?.join('-') ?? code;

/**
 * A place at sign-up (docs/decisions/0081-private-instance.md). `release` gives an invite's
 * use back when the sign-up that took it made no account (the address was taken meanwhile).
 */
export interface Admission {
  release(): Promise<void>;
}

const NOTHING_TAKEN: Admission = { release: async () => {} };

/**
 * Who may make an account (SIGNUP_MODE): anyone, the holders of an invite code, or nobody. A
 * new account from any door counts: email sign-up, a first Google sign-in and a guest's
 * conversion to a full account.
 */
export class InvitesService {
  constructor(
    private readonly repository: InvitesRepository,
    private readonly signupMode: SignupMode,
    private readonly clock: () => Date,
  ) {}

  async create(input: {
    uses?: number | undefined;
    days?: number | undefined;
    createdBy?: string;
  }): Promise<Invite> {
    const uses = input.uses ?? 1;
    const expiresAt = input.days ? new Date(this.clock().getTime() + input.days * DAY_MS) : null;
    const code = newCode();
    await this.repository.insert({
      codeHash: hashCode(code),
      usesLeft: uses,
      expiresAt,
      createdBy: input.createdBy ?? null,
    });
    return { code: formatCode(code), uses, expiresAt: expiresAt?.toISOString() ?? null };
  }

  /**
   * Lets a new account in, or refuses with the reason: SIGNUP_CLOSED, INVITE_REQUIRED (no code
   * sent) or INVITE_INVALID (wrong, used up or expired: one answer, nothing to tell them apart).
   * Called after the sign-up's other checks, right before the account is written.
   */
  async admit(inviteCode: string | undefined): Promise<Admission> {
    this.precheck(inviteCode);
    if (this.signupMode === 'open' || !inviteCode) return NOTHING_TAKEN;
    const id = await this.repository.take(hashCode(inviteCode), this.clock());
    if (!id) throw new AppError('INVITE_INVALID');
    return { release: () => this.repository.giveBack(id) };
  }

  /**
   * The refusals that need no database, checked before a sign-up's other checks, so a closed
   * server answers SIGNUP_CLOSED whatever the address (not EMAIL_TAKEN for some).
   */
  precheck(inviteCode: string | undefined): void {
    if (this.signupMode === 'closed') throw new AppError('SIGNUP_CLOSED');
    if (this.signupMode === 'invite' && !inviteCode) throw new AppError('INVITE_REQUIRED');
  }
}
