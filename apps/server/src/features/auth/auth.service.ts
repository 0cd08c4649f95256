import {
  DEFAULT_SORTING_CONFIGS,
  GUEST_LIFETIME_MS,
  VERIFICATION_CODE_TTL_MS,
  type Language,
  type User,
} from '@wordhoard/shared';
import type { EmailCodePurpose } from '../../db/schema';
import type { Caller } from '../../domain/caller';
import { AppError } from '../../domain/errors';
import { codeMail } from '../mail/code-mail';
import type { InvitesService } from '../invites/invites.service';
import type { Mailer } from '../mail/mailer';
import { RATE_LIMITS, type RateLimiter } from '../rate-limit/rate-limiter';
import type { SessionService } from '../session/session.service';
import { toUserDto } from '../users/user.presenter';
import type { UserRow, UsersService } from '../users/users.service';
import type { EmailCodeService } from './email-codes';
import type { GoogleIdentity, GoogleVerifier } from './google';
import { isKnownTo, rememberAccount, type Device } from './known-device';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';

/** Runs before an account is deleted (the payments feature cancels the subscription here). */
export type AccountDeletionHook = (userId: string) => Promise<void>;

export interface SignedIn {
  user: User;
  session: { token: string; expiresAt: Date };
  /** The device cookie to set: this device now knows the account (decision 0075). */
  device: Device;
}

/** Who asks: the network address and the device cookie (docs/decisions/0075-known-devices.md). */
export interface Client {
  ip: string;
  device: Device;
}

export interface AuthServiceDeps {
  users: UsersService;
  sessions: SessionService;
  codes: EmailCodeService;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  google: GoogleVerifier | undefined;
  clock: () => Date;
  beforeAccountDeletion?: AccountDeletionHook[];
  /** Who may make an account (SIGNUP_MODE, invite codes; decision 0081). */
  invites: InvitesService;
  /** GUEST_ACCESS: false, POST /auth/guest answers GUESTS_CLOSED. */
  guests: boolean;
}

const CODE_MINUTES = VERIFICATION_CODE_TTL_MS / 60_000;

/**
 * A Google confirmation must come from signing in again just now, not from a token an
 * earlier sign-in left behind (Google's ID tokens live an hour).
 */
const GOOGLE_CONFIRMATION_MAX_AGE_MS = 5 * 60 * 1000;
/** How far ahead of our clock Google's may run. */
const GOOGLE_CLOCK_SKEW_MS = 60 * 1000;

/** What the caller sent to confirm a password change or a deletion (decision 0016). */
export interface Confirmation {
  currentPassword?: string | undefined;
  googleCredential?: string | undefined;
}

export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  private async signIn(
    user: UserRow,
    device: Device,
    options: { passwordReset?: boolean } = {},
  ): Promise<SignedIn> {
    const session = await this.deps.sessions.create(user.id, options);
    return {
      user: toUserDto(user, null, this.deps.users.limits),
      session,
      device: rememberAccount(device, user),
    };
  }

  /** Mails a fresh code; callers spend a mail budget first (spendOwnBudget, spendStrangerBudget). */
  private async mailCode(user: UserRow, purpose: EmailCodePurpose): Promise<void> {
    if (!user.email) return;
    const code = await this.deps.codes.issue(user.id, purpose);
    await this.deps.mailer.send(codeMail(user.interfaceLanguage, purpose, user.email, code, CODE_MINUTES));
  }

  /**
   * Code mails asked for on the account's own devices (decision 0075): 1 a minute and 5 an
   * hour for all of them together. Strangers never count here, so however many networks they
   * use, the owner's devices still get their codes.
   */
  private async spendOwnBudget(email: string): Promise<void> {
    await this.deps.rateLimiter.consume(RATE_LIMITS.codeMailMinute, `${email}|own-devices`);
    await this.deps.rateLimiter.consume(RATE_LIMITS.codeMailHour, `${email}|own-devices`);
  }

  /**
   * Code mails asked for from anywhere else: 1 a minute and 5 an hour per network, 20 an hour
   * for the address from all of them, whether or not it has an account (no enumeration).
   */
  private async spendStrangerBudget(email: string, ip: string): Promise<void> {
    await this.deps.rateLimiter.consume(RATE_LIMITS.codeMailMinute, `${email}|${ip}`);
    await this.deps.rateLimiter.consume(RATE_LIMITS.codeMailHour, `${email}|${ip}`);
    await this.deps.rateLimiter.consume(RATE_LIMITS.codeMailAddressHour, email);
  }

  async signup(input: {
    email: string;
    password: string;
    language: Language;
    client: Client;
    inviteCode?: string | undefined;
  }): Promise<SignedIn> {
    this.deps.invites.precheck(input.inviteCode);
    await this.deps.rateLimiter.consume(RATE_LIMITS.signup, input.client.ip);
    if (await this.deps.users.findByEmail(input.email)) throw new AppError('EMAIL_TAKEN');
    // Before the address's mail budget, so a wrong invite code spends none of it; the use is
    // given back if the sign-up fails after all (decision 0081).
    const admission = await this.deps.invites.admit(input.inviteCode);
    let user: UserRow;
    try {
      // Checked before anything is written, so a 429 leaves no half-made account behind. The
      // device signing up is the account's first own device: strangers' requests for the
      // address (before it had an account) cannot keep it from signing up.
      await this.spendOwnBudget(input.email);
      const passwordHash = await hashPassword(input.password);
      user = await this.deps.users.insert({
        email: input.email,
        passwordHash,
        role: 'notVerifiedUser',
        interfaceLanguage: input.language,
        sortingConfigs: DEFAULT_SORTING_CONFIGS,
      });
    } catch (error) {
      await admission.release();
      // Two signups for one address at once: the unique index decides.
      if ((error as { code?: string }).code === '23505') throw new AppError('EMAIL_TAKEN');
      throw error;
    }
    await this.mailCode(user, 'verify');
    return this.signIn(user, input.client.device);
  }

  /**
   * Unknown email and wrong password answer the same, in the same time. The attempt is counted
   * before the password is checked (one atomic increment), so a burst of parallel guesses gets
   * no more checks than the limit; a right password gives the budget back.
   */
  async login(input: { email: string; password: string; client: Client }): Promise<SignedIn> {
    const subject = `${input.email}|${input.client.ip}`;
    await this.deps.rateLimiter.consume(RATE_LIMITS.failedLogin, subject);
    const user = await this.deps.users.findByEmail(input.email);
    const valid = user?.passwordHash
      ? await verifyPassword(user.passwordHash, input.password)
      : await verifyAgainstDummy(input.password);
    if (!user || !valid) throw new AppError('INVALID_CREDENTIALS');
    await this.deps.rateLimiter.reset(RATE_LIMITS.failedLogin, subject);
    return this.signIn(user, input.client.device);
  }

  async verify(caller: Caller, code: string): Promise<void> {
    const user = await this.callerUser(caller);
    if (user.role !== 'notVerifiedUser') throw new AppError('ALREADY_VERIFIED');
    await this.deps.codes.consume(user.id, 'verify', code);
    await this.deps.users.updateAccount(user.id, this.verifiedEmail(user));
  }

  /**
   * What a proven address changes. A former guest accepted the policies on the guest page, so
   * they are a `user` at once, and their 24-hour deletion is cancelled: they keep their words.
   */
  private verifiedEmail(user: UserRow) {
    return {
      role: user.policyAcceptedAt ? ('user' as const) : ('notAcceptedPolicyUser' as const),
      emailVerifiedAt: this.deps.clock(),
      guestExpiresAt: null,
    };
  }

  /** The caller is signed in to the account: one of its own devices, cookie or not. */
  async resendVerification(caller: Caller): Promise<void> {
    const user = await this.callerUser(caller);
    if (user.role !== 'notVerifiedUser' || !user.email) throw new AppError('ALREADY_VERIFIED');
    await this.spendOwnBudget(user.email);
    await this.mailCode(user, 'verify');
  }

  /**
   * Always the same answer, so nobody learns whether an address has an account: a client the
   * account has never signed in on spends the strangers' budget, counted the same either way.
   * Only a device cookie the account itself gave (isKnownTo) draws on its own devices' budget.
   */
  async requestRestoreCode(email: string, client: Client): Promise<void> {
    const user = await this.deps.users.findByEmail(email);
    if (user && isKnownTo(client.device, user)) await this.spendOwnBudget(email);
    else await this.spendStrangerBudget(email, client.ip);
    if (user) await this.mailCode(user, 'restore');
  }

  /**
   * A correct restore code signs the user in (they then set a new password) and ends every
   * other session: whoever knew the old password is signed out. Tries are counted before the
   * code is checked, like login's, and a right code gives the budget back.
   */
  async restore(input: { email: string; code: string; client: Client }): Promise<SignedIn> {
    const subject = `${input.email}|${input.client.ip}`;
    await this.deps.rateLimiter.consume(RATE_LIMITS.failedLogin, subject);
    const user = await this.deps.users.findByEmail(input.email);
    if (!user) throw new AppError('INCORRECT_CODE');
    await this.deps.codes.consume(user.id, 'restore', input.code);
    await this.deps.rateLimiter.reset(RATE_LIMITS.failedLogin, subject);
    await this.deps.sessions.endAllForUser(user.id);
    // The code proves the address is theirs: an unverified account counts as verified now.
    const updated =
      user.role === 'notVerifiedUser'
        ? await this.deps.users.updateAccount(user.id, this.verifiedEmail(user))
        : user;
    // This session may set the new password without the old one, for a short while (decision 0016).
    return this.signIn(updated ?? user, input.client.device, { passwordReset: true });
  }

  /**
   * Sets a new password, confirmed with the current one (or a fresh Google sign-in) unless a
   * restore code has just signed this session in. Every other session ends, and this one gets a
   * new token, so no token issued before the change still works. The device gets a tag made
   * with the new password: the tags made with the old one no longer count (decision 0075).
   */
  async changePassword(
    caller: Caller,
    input: { password: string; confirmation: Confirmation; device: Device },
  ): Promise<{ session: { token: string; expiresAt: Date } | undefined; device: Device }> {
    const { userId, sessionId } = await caller.session();
    const user = await this.requireUser(userId);
    // A guest has no address to restore from: they sign up through POST /auth/guest/signup.
    if (user.role === 'guest') throw new AppError('ROLE_NOT_ALLOWED');
    // Taken once: the leave of the restore code is not a standing exemption.
    const restoring = await this.deps.sessions.takePasswordReset(sessionId);
    if (!restoring && !(await this.confirmIdentity(user, input.confirmation))) {
      throw new AppError('ROLE_NOT_ALLOWED');
    }
    const updated = await this.deps.users.updateAccount(user.id, {
      passwordHash: await hashPassword(input.password),
    });
    await this.deps.sessions.endAllForUser(user.id, sessionId);
    const session = await this.deps.sessions.rotate(sessionId);
    return { session, device: updated ? rememberAccount(input.device, updated) : input.device };
  }

  /**
   * The device cookie of a signed-in browser, given again when its session is refreshed: it
   * stays valid as long as the device is used, and devices signed in before known devices
   * existed get theirs (decision 0075).
   */
  async rememberDevice(userId: string, device: Device): Promise<Device> {
    const user = await this.deps.users.findById(userId);
    return user ? rememberAccount(device, user) : device;
  }

  /**
   * Proves that the caller is the account's owner, not just whoever holds its session
   * (docs/decisions/0016): its current password, or a Google sign-in with its Google account
   * made just now. Attempts are counted per account before they are checked, like logins, so
   * a stolen session cannot guess the password; a success gives the budget back. False when
   * the account has nothing to confirm with (a guest). Never a 401, which the web app would
   * read as "your session ended".
   */
  private async confirmIdentity(user: UserRow, confirmation: Confirmation): Promise<boolean> {
    const { currentPassword, googleCredential } = confirmation;
    const googleSubject = googleCredential !== undefined ? user.googleSubject : null;
    if (!googleSubject && !user.passwordHash) {
      if (user.googleSubject) throw new AppError('GOOGLE_CONFIRMATION_REQUIRED');
      return false;
    }
    if (!googleSubject && currentPassword === undefined) throw new AppError('CURRENT_PASSWORD_REQUIRED');
    await this.deps.rateLimiter.consume(RATE_LIMITS.confirmIdentity, user.id);
    if (googleSubject && googleCredential !== undefined) {
      await this.confirmWithGoogle(googleSubject, googleCredential);
    } else if (!user.passwordHash || !(await verifyPassword(user.passwordHash, currentPassword ?? ''))) {
      throw new AppError('WRONG_CURRENT_PASSWORD');
    }
    await this.deps.rateLimiter.reset(RATE_LIMITS.confirmIdentity, user.id);
    return true;
  }

  /** A Google ID token for `subject`, issued within GOOGLE_CONFIRMATION_MAX_AGE_MS. */
  private async confirmWithGoogle(subject: string, credential: string): Promise<void> {
    if (!this.deps.google) throw new AppError('GOOGLE_UNAVAILABLE');
    let identity: GoogleIdentity;
    try {
      identity = await this.deps.google.verify(credential);
    } catch (error) {
      if (error instanceof AppError && error.code === 'INVALID_GOOGLE_TOKEN') {
        throw new AppError('GOOGLE_CONFIRMATION_FAILED');
      }
      throw error;
    }
    const now = this.deps.clock().getTime();
    const issuedAt = identity.issuedAt?.getTime();
    const fresh =
      issuedAt !== undefined &&
      issuedAt >= now - GOOGLE_CONFIRMATION_MAX_AGE_MS &&
      issuedAt <= now + GOOGLE_CLOCK_SKEW_MS;
    if (identity.subject !== subject || !fresh) throw new AppError('GOOGLE_CONFIRMATION_FAILED');
  }

  async guest(language: Language, client: Client): Promise<SignedIn> {
    if (!this.deps.guests) throw new AppError('GUESTS_CLOSED');
    await this.deps.rateLimiter.consume(RATE_LIMITS.guest, client.ip);
    const now = this.deps.clock();
    const user = await this.deps.users.insert({
      email: null,
      role: 'guest',
      interfaceLanguage: language,
      sortingConfigs: DEFAULT_SORTING_CONFIGS,
      // Policies are accepted on the guest page before entering.
      policyAcceptedAt: now,
      guestExpiresAt: new Date(now.getTime() + GUEST_LIFETIME_MS),
    });
    return this.signIn(user, client.device);
  }

  async google(
    credential: string,
    language: Language,
    device: Device,
    inviteCode?: string,
  ): Promise<SignedIn> {
    if (!this.deps.google) throw new AppError('GOOGLE_UNAVAILABLE');
    const identity = await this.deps.google.verify(credential);
    const known = await this.deps.users.findByGoogleSubject(identity.subject);
    if (known) return this.signIn(known, device);

    if (identity.email) {
      const sameEmail = await this.deps.users.findByEmail(identity.email);
      if (sameEmail) {
        // Linking an existing account needs Google's word that the address is the caller's.
        if (!identity.emailVerified) throw new AppError('EMAIL_TAKEN');
        const linked = await this.deps.users.updateAccount(sameEmail.id, {
          googleSubject: identity.subject,
          ...(sameEmail.role === 'notVerifiedUser' ? this.verifiedEmail(sameEmail) : {}),
        });
        return this.signIn(linked ?? sameEmail, device);
      }
    }
    // Only now is it a sign-up: existing accounts sign in with Google whatever SIGNUP_MODE says.
    const admission = await this.deps.invites.admit(inviteCode);
    let user: UserRow;
    try {
      user = await this.deps.users.insert({
        email: identity.emailVerified ? identity.email : null,
        googleSubject: identity.subject,
        role: 'notAcceptedPolicyUser',
        interfaceLanguage: language,
        sortingConfigs: DEFAULT_SORTING_CONFIGS,
        emailVerifiedAt: identity.emailVerified ? this.deps.clock() : null,
      });
    } catch (error) {
      await admission.release();
      throw error;
    }
    return this.signIn(user, device);
  }

  /**
   * A guest signs up with email and password on their own row, so every dictionary, word and
   * test stays theirs. They verify the mailed code like any new account; until then the
   * guest's 24 hours still run (docs/decisions/0012-data-portability.md).
   */
  async guestSignup(
    caller: Caller,
    input: { email: string; password: string; client: Client; inviteCode?: string | undefined },
  ): Promise<{ user: User; device: Device }> {
    const guest = await this.requireGuest(caller);
    // A guest's conversion makes a full account: it counts as a sign-up (decision 0081).
    this.deps.invites.precheck(input.inviteCode);
    await this.deps.rateLimiter.consume(RATE_LIMITS.signup, input.client.ip);
    if (await this.deps.users.findByEmail(input.email)) throw new AppError('EMAIL_TAKEN');
    const admission = await this.deps.invites.admit(input.inviteCode);
    let user: UserRow | undefined;
    try {
      // Like a sign-up: the guest's device is the account's first own device.
      await this.spendOwnBudget(input.email);
      const passwordHash = await hashPassword(input.password);
      user = await this.deps.users.updateAccount(guest.id, {
        email: input.email,
        passwordHash,
        role: 'notVerifiedUser',
      });
    } catch (error) {
      await admission.release();
      if ((error as { code?: string }).code === '23505') throw new AppError('EMAIL_TAKEN');
      throw error;
    }
    if (!user) {
      await admission.release();
      throw new AppError('UNAUTHORIZED');
    }
    await this.mailCode(user, 'verify');
    return {
      user: toUserDto(user, null, this.deps.users.limits),
      device: rememberAccount(input.client.device, user),
    };
  }

  /** A guest signs up with Google: a `user` at once (Google vouches for them), data kept. */
  async guestGoogle(caller: Caller, credential: string, inviteCode?: string): Promise<User> {
    if (!this.deps.google) throw new AppError('GOOGLE_UNAVAILABLE');
    const guest = await this.requireGuest(caller);
    this.deps.invites.precheck(inviteCode);
    const identity = await this.deps.google.verify(credential);
    if (await this.deps.users.findByGoogleSubject(identity.subject))
      throw new AppError('GOOGLE_ALREADY_LINKED');
    const email = identity.email && identity.emailVerified ? identity.email : null;
    if (email && (await this.deps.users.findByEmail(email))) throw new AppError('EMAIL_TAKEN');
    const admission = await this.deps.invites.admit(inviteCode);
    let user: UserRow | undefined;
    try {
      user = await this.deps.users.updateAccount(guest.id, {
        email,
        googleSubject: identity.subject,
        emailVerifiedAt: email ? this.deps.clock() : null,
        role: 'user',
        guestExpiresAt: null,
      });
    } catch (error) {
      await admission.release();
      const { code, constraint } = error as { code?: string; constraint?: string };
      if (code === '23505') {
        throw new AppError(constraint?.includes('google') ? 'GOOGLE_ALREADY_LINKED' : 'EMAIL_TAKEN');
      }
      throw error;
    }
    if (!user) {
      await admission.release();
      throw new AppError('UNAUTHORIZED');
    }
    return toUserDto(user, null, this.deps.users.limits);
  }

  private async requireGuest(caller: Caller): Promise<UserRow> {
    const user = await this.callerUser(caller);
    if (user.role !== 'guest') throw new AppError('ROLE_NOT_ALLOWED');
    return user;
  }

  /**
   * Deletes the account once its owner has confirmed (confirmIdentity); an account with
   * nothing to confirm with, a guest, says `confirmDeletion: true` instead, so that no bare
   * request deletes anything.
   */
  async deleteAccount(
    caller: Caller,
    confirmation: Confirmation & { confirmDeletion?: true },
  ): Promise<void> {
    const user = await this.callerUser(caller);
    const confirmed = await this.confirmIdentity(user, confirmation);
    if (!confirmed && confirmation.confirmDeletion !== true) {
      throw new AppError('DELETION_CONFIRMATION_REQUIRED');
    }
    for (const hook of this.deps.beforeAccountDeletion ?? []) await hook(user.id);
    // Sessions, codes, dictionaries, words, tests and subscriptions cascade.
    await this.deps.users.deleteAccount(user.id);
  }

  private async callerUser(caller: Caller): Promise<UserRow> {
    return this.requireUser((await caller.session()).userId);
  }

  private async requireUser(userId: string): Promise<UserRow> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    return user;
  }
}
