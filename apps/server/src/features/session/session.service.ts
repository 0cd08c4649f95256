import { createHash, randomBytes } from 'node:crypto';
import { SESSION_LIFETIME_MS } from '@wordhoard/shared';
import type { SessionRecord, SessionRepository } from './session.repository';

/** How stale `last_seen_at` may get before a request slides the expiry (saves a write per request). */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

/**
 * How long the token a refresh replaced keeps working: requests that tabs sent with it before
 * the new cookie reached the shared cookie jar (several tabs starting at once, a slow network)
 * must not sign them out. A minute covers those; a stolen old token gains no more than that.
 */
export const ROTATION_GRACE_MS = 60 * 1000;

/**
 * A token issued this recently is not rotated again: tabs that refresh at once then all keep
 * the one token, instead of each minting its own and all but the last Set-Cookie losing. It
 * exceeds the grace, so at most one replaced token is ever alive (docs/decisions/0015).
 */
export const ROTATION_FRESH_MS = 5 * 60 * 1000;

/** How long after a restore code signed in the new session may set a password without the old one. */
export const PASSWORD_RESET_WINDOW_MS = 15 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 256 bits from the CSPRNG, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Opaque database sessions (docs/decisions/0003-session-model.md): the cookie carries a
 * random token, the database only its SHA-256, so a leaked table opens no account.
 */
export class SessionService {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * A new session. `passwordReset`: it was opened by a restore code, so for a short while it
   * may set a new password without the old one (docs/decisions/0016).
   */
  async create(
    userId: string,
    options: { passwordReset?: boolean } = {},
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = newToken();
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    await this.sessions.insert({
      userId,
      tokenHash: hashToken(token),
      tokenIssuedAt: now,
      passwordResetUntil: options.passwordReset ? new Date(now.getTime() + PASSWORD_RESET_WINDOW_MS) : null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    });
    return { token, expiresAt };
  }

  /** The live session of `token`, its expiry slid forward; undefined when unknown or expired. */
  async resolve(token: string | undefined): Promise<SessionRecord | undefined> {
    if (!token) return undefined;
    const now = this.clock();
    const session = await this.sessions.findValid(hashToken(token), now);
    if (session) await this.slide(session, now);
    return session;
  }

  /** What a route's own query needs to find the session of `token` (see features/session/caller.ts). */
  probe(token: string): { tokenHash: string; now: Date } {
    return { tokenHash: hashToken(token), now: this.clock() };
  }

  /** Slides the expiry of a session found at `now`, at most once an hour. */
  async slide(session: SessionRecord, now: Date): Promise<void> {
    if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await this.sessions.touch(session.sessionId, now, new Date(now.getTime() + SESSION_LIFETIME_MS));
    }
  }

  /**
   * POST /cookie/refresh: a new token for the session `token` opens, unless `token` is already
   * the previous one (another tab rotated it moments ago) or was issued within
   * ROTATION_FRESH_MS. Undefined when nothing was rotated: the caller keeps the cookie it has.
   */
  async refresh(sessionId: string, token: string): Promise<{ token: string; expiresAt: Date } | undefined> {
    const fresh = newToken();
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    const rotated = await this.sessions.rotateIfStale({
      sessionId,
      presentedHash: hashToken(token),
      tokenHash: hashToken(fresh),
      now,
      staleBefore: new Date(now.getTime() - ROTATION_FRESH_MS),
      previousValidUntil: new Date(now.getTime() + ROTATION_GRACE_MS),
      expiresAt,
    });
    return rotated ? { token: fresh, expiresAt } : undefined;
  }

  /** Takes a restore session's one-time leave to set a password without the old one. */
  async takePasswordReset(sessionId: string): Promise<boolean> {
    return this.sessions.takePasswordReset(sessionId, this.clock());
  }

  /** Gives the session a new token; the old one, and any before it, stop working at once. */
  async rotate(sessionId: string): Promise<{ token: string; expiresAt: Date } | undefined> {
    const token = newToken();
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    const rotated = await this.sessions.replaceToken(sessionId, hashToken(token), now, expiresAt);
    return rotated ? { token, expiresAt } : undefined;
  }

  async end(token: string | undefined): Promise<void> {
    if (token) await this.sessions.deleteByTokenHash(hashToken(token), this.clock());
  }

  async endAllForUser(userId: string, exceptSessionId?: string): Promise<void> {
    await this.sessions.deleteForUser(userId, exceptSessionId);
  }
}
