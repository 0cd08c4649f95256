import { createHash, randomBytes } from 'node:crypto';
import { SESSION_LIFETIME_MS } from '@wordhoard/shared';
import type { SessionRecord, SessionRepository } from './session.repository';

/** How stale `last_seen_at` may get before a request slides the expiry (saves a write per request). */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

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

  async create(userId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = newToken();
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    await this.sessions.insert({
      userId,
      tokenHash: hashToken(token),
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

  /** Gives the session a new token; the old one stops working at once. */
  async rotate(sessionId: string): Promise<{ token: string; expiresAt: Date } | undefined> {
    const token = newToken();
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    const rotated = await this.sessions.replaceToken(sessionId, hashToken(token), now, expiresAt);
    return rotated ? { token, expiresAt } : undefined;
  }

  async end(token: string | undefined): Promise<void> {
    if (token) await this.sessions.deleteByTokenHash(hashToken(token));
  }

  async endAllForUser(userId: string, exceptSessionId?: string): Promise<void> {
    await this.sessions.deleteForUser(userId, exceptSessionId);
  }
}
