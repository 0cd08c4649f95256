import type { Redis } from 'ioredis';
import { serviceUnavailable, tooManyRequests } from '../../domain/errors';

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window resets (what Retry-After carries). */
  retryAfterSeconds: number;
}

export interface RateLimitRule {
  /** Distinguishes rules that share a subject, e.g. "mail-minute" and "mail-hour". */
  name: string;
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counters shared by every instance: in Redis when REDIS_URL is set, otherwise
 * in the database (docs/decisions/0006-rate-limits.md).
 */
export interface RateLimitStore {
  /** Counts one hit and says whether it is still within the limit. */
  hit(key: string, limit: number, windowMs: number): Promise<RateDecision>;
  /**
   * Adds `amount` to the window's count in one atomic step (starting a window when none is
   * running) and returns the new count: a budget of many units spent per request.
   */
  add(key: string, amount: number, windowMs: number): Promise<{ count: number; retryAfterSeconds: number }>;
  /** Takes `amount` back off a running window's count, never below 0; nothing once it is over. */
  subtract(key: string, amount: number): Promise<void>;
  /** Says whether the next hit would be allowed, without counting. */
  peek(key: string, limit: number): Promise<RateDecision>;
  reset(key: string): Promise<void>;
}

export const secondsUntil = (resetAt: number, now: number) => Math.max(1, Math.ceil((resetAt - now) / 1000));

/** What both stores share: a hit is an add of one, judged against the limit. */
export abstract class CountingRateLimitStore implements RateLimitStore {
  abstract add(
    key: string,
    amount: number,
    windowMs: number,
  ): Promise<{ count: number; retryAfterSeconds: number }>;
  abstract subtract(key: string, amount: number): Promise<void>;
  abstract peek(key: string, limit: number): Promise<RateDecision>;
  abstract reset(key: string): Promise<void>;

  async hit(key: string, limit: number, windowMs: number): Promise<RateDecision> {
    const { count, retryAfterSeconds } = await this.add(key, 1, windowMs);
    return { allowed: count <= limit, retryAfterSeconds };
  }
}

/**
 * What a client is told to wait when the counters cannot be read: the client reconnects to
 * Redis within a second or two, so a short outage is over by then, and a long one costs a
 * refused request every few seconds rather than a held one.
 */
export const STORE_UNAVAILABLE_RETRY_SECONDS = 5;

const SUBTRACT_SCRIPT = `
if redis.call('exists', KEYS[1]) == 0 then return 0 end
local left = redis.call('decrby', KEYS[1], ARGV[1])
if left < 0 then redis.call('incrby', KEYS[1], -left) end
return 0`;

/**
 * The counters in Redis. The client bounds every command by the configured timeout (services.ts,
 * decision 0073); a failure, a timeout or an unreadable answer refuses the request with 503 and
 * Retry-After: a limit that cannot be counted is not lifted (fail closed).
 */
export class RedisRateLimitStore extends CountingRateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'wordhoard:rl:',
  ) {
    super();
  }

  private async ask<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      throw serviceUnavailable(STORE_UNAVAILABLE_RETRY_SECONDS, error);
    }
  }

  async add(
    key: string,
    amount: number,
    windowMs: number,
  ): Promise<{ count: number; retryAfterSeconds: number }> {
    const redisKey = this.prefix + key;
    const result = await this.ask(() =>
      this.redis.multi().incrby(redisKey, amount).pexpire(redisKey, windowMs, 'NX').pttl(redisKey).exec(),
    );
    // A transaction that did not run, or a command of it that failed, counted nothing: refuse.
    const failed = !result || result.some(([error]) => error);
    if (failed) throw serviceUnavailable(STORE_UNAVAILABLE_RETRY_SECONDS, result?.find(([e]) => e)?.[0]);
    const count = Number(result[0]?.[1]);
    const ttl = Number(result[2]?.[1]);
    return { count, retryAfterSeconds: Math.max(1, Math.ceil((ttl > 0 ? ttl : windowMs) / 1000)) };
  }

  async subtract(key: string, amount: number): Promise<void> {
    // One script, so that nothing runs between the read and the write; DECRBY keeps the TTL,
    // and a key that is gone (its window over) is not created again.
    await this.ask(() => this.redis.eval(SUBTRACT_SCRIPT, 1, this.prefix + key, amount));
  }

  async peek(key: string, limit: number): Promise<RateDecision> {
    const redisKey = this.prefix + key;
    const [count, ttl] = await this.ask(() =>
      Promise.all([this.redis.get(redisKey), this.redis.pttl(redisKey)]),
    );
    const used = Number(count ?? 0);
    return { allowed: used < limit, retryAfterSeconds: ttl > 0 ? Math.ceil(ttl / 1000) : 0 };
  }

  async reset(key: string): Promise<void> {
    await this.ask(() => this.redis.del(this.prefix + key));
  }
}

/** The product's limits (decision 0006), applied through whichever store is configured. */
export const RATE_LIMITS = {
  failedLogin: { name: 'login-failed', limit: 10, windowMs: 15 * 60 * 1000 },
  /** Confirmations of a password change or deletion per account, like logins: no guessing. */
  confirmIdentity: { name: 'confirm-identity', limit: 10, windowMs: 15 * 60 * 1000 },
  signup: { name: 'signup', limit: 50, windowMs: 60 * 60 * 1000 },
  /** Guests are free accounts too; a classroom behind one address still fits. */
  guest: { name: 'guest', limit: 100, windowMs: 60 * 60 * 1000 },
  /**
   * Code mails per address and client, 1 a minute and 5 an hour; the account's own devices
   * count as one client, which strangers cannot spend (decision 0075)…
   */
  codeMailMinute: { name: 'mail-minute', limit: 1, windowMs: 60 * 1000 },
  codeMailHour: { name: 'mail-hour', limit: 5, windowMs: 60 * 60 * 1000 },
  /** …and per address from every other client: enough that one other network cannot use it all up. */
  codeMailAddressHour: { name: 'mail-address-hour', limit: 20, windowMs: 60 * 60 * 1000 },
  /** Each lookup costs a call to the translation provider; typing suggestions stay well under. */
  translate: { name: 'translate', limit: 120, windowMs: 60 * 1000 },
  /**
   * Picture and recording uploads per account: each is decoded or measured; enough to give a
   * picture to every word of a long session, not to keep the decoders busy for everyone.
   */
  mediaUpload: { name: 'media-upload', limit: 120, windowMs: 60 * 60 * 1000 },
  /** An import parses and writes up to a whole dictionary. */
  import: { name: 'import', limit: 30, windowMs: 60 * 60 * 1000 },
  /** "Fit now" per learner: a fit keeps a core busy for seconds, and one a night is the norm. */
  fitParameters: { name: 'fit-parameters', limit: 10, windowMs: 60 * 60 * 1000 },
  /**
   * Deliveries of late answers per learner (docs/decisions/0076-bounded-exports-and-late-reviews.md):
   * a device sends one per test replaced while it was offline (1,000 answers at most each).
   */
  lateReviewRequests: { name: 'late-review-requests', limit: 60, windowMs: 60 * 60 * 1000 },
  /**
   * Reviews late answers may log per learner and day (a budget of units, see `take`): hours of
   * offline answers, while a script replaying them can no longer grow the log without end.
   */
  lateReviewsPerDay: { name: 'late-reviews-day', limit: 2000, windowMs: 24 * 60 * 60 * 1000 },
} as const satisfies Record<string, RateLimitRule>;

export class RateLimiter {
  constructor(private readonly store: RateLimitStore) {}

  private key(rule: RateLimitRule, subject: string): string {
    return `${rule.name}:${subject}`;
  }

  /** Counts a hit; past the limit throws 429 with Retry-After. */
  async consume(rule: RateLimitRule, subject: string): Promise<void> {
    const decision = await this.store.hit(this.key(rule, subject), rule.limit, rule.windowMs);
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
  }

  /** Throws 429 when the rule's budget is already spent, without counting. */
  async check(rule: RateLimitRule, subject: string): Promise<void> {
    const decision = await this.store.peek(this.key(rule, subject), rule.limit);
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
  }

  async reset(rule: RateLimitRule, subject: string): Promise<void> {
    await this.store.reset(this.key(rule, subject));
  }

  /**
   * Takes up to `wanted` units of the rule's budget (`limit` units per window) and returns how
   * many it got; throws 429 with Retry-After when none are left. Reserved before the work in one
   * atomic step, so concurrent requests never get more than the budget between them; what the
   * work did not use goes back with `giveBack`.
   */
  async take(rule: RateLimitRule, subject: string, wanted: number): Promise<number> {
    if (wanted <= 0) return 0;
    const key = this.key(rule, subject);
    const { count, retryAfterSeconds } = await this.store.add(key, wanted, rule.windowMs);
    const granted = Math.max(0, Math.min(wanted, rule.limit - (count - wanted)));
    if (granted < wanted) await this.store.subtract(key, wanted - granted);
    if (granted === 0) throw tooManyRequests(retryAfterSeconds);
    return granted;
  }

  /** Returns units taken with `take` that the work did not use. */
  async giveBack(rule: RateLimitRule, subject: string, units: number): Promise<void> {
    if (units > 0) await this.store.subtract(this.key(rule, subject), units);
  }
}
