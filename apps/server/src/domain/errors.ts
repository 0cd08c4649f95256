import { ERROR_STATUS, type ErrorCode, type LimitReached, type MessageValues } from '@wordhoard/shared';

/**
 * An error the client is meant to see: its code, the values its localized message needs and
 * any headers its status calls for. The status comes from the shared code → status table
 * (packages/shared/src/errors.ts), so a code always goes out with the same status. The error
 * handler turns it into the DESIGN §3 body in the caller's language. `cause` (e.g. an outside
 * service's failure behind a 502) is logged, never sent.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly values: MessageValues = {},
    options: { headers?: Record<string, string>; cause?: unknown; limit?: LimitReached } = {},
  ) {
    super(code, { cause: options.cause });
    this.statusCode = ERROR_STATUS[code];
    this.headers = options.headers ?? {};
    this.limit = options.limit;
  }
  readonly headers: Record<string, string>;
  /** A refusal at a role's limit says whose limit it is (the body's `limit`, DESIGN §3). */
  readonly limit: LimitReached | undefined;
}

/** A refusal at the role's limit: the message's values and the body's `limit` from one place. */
export const limitReached = (
  code: 'MAX_DICTIONARIES' | 'MAX_WORDS' | 'MAX_TESTS',
  limit: LimitReached,
): AppError => new AppError(code, { role: limit.role, limit: limit.limit }, { limit });

export const notFound = () => new AppError('NOT_FOUND');
export const unauthorized = () => new AppError('UNAUTHORIZED');

/** A 429 that says when to come back, in the header and in the message. */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(
    'TOO_MANY_REQUESTS',
    { seconds: retryAfterSeconds },
    {
      headers: { 'retry-after': String(retryAfterSeconds) },
    },
  );

/**
 * A 503 for a store or service we depend on that is down or not answering: the client may try
 * again after `retryAfterSeconds`. `cause` is logged, never sent.
 */
export const serviceUnavailable = (retryAfterSeconds: number, cause?: unknown) =>
  new AppError('SERVICE_UNAVAILABLE', {}, { headers: { 'retry-after': String(retryAfterSeconds) }, cause });
