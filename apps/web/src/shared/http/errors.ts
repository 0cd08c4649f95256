import type { LimitReached } from '@wordhoard/shared';

/**
 * What the http client throws. The global error modal shows every kind except
 * `CancelledError`: a request that was aborted on purpose is not a failure (SPEC §4, §8).
 */
export class CancelledError extends Error {
  override name = 'CancelledError';
  constructor() {
    super('The request was cancelled');
  }
}

/**
 * The server could not be reached. The message is ours, in the user's language; the browser's
 * own ("Failed to fetch") is the `cause`, never shown.
 */
export class NetworkError extends Error {
  override name = 'NetworkError';
}

export interface ApiErrorDetail {
  path: string;
  message: string;
}

/**
 * The server answered with an error status; `message` is the body's localized message, or the
 * app's own words for a limit refusal (HttpClientConfig.limitMessage).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  /** The machine-readable code of the error body, when the body had one. */
  readonly code: string | null;
  readonly details: readonly ApiErrorDetail[];
  /** Seconds to wait before trying again, from a 429's Retry-After header; null without one. */
  readonly retryAfter: number | null;
  /** What a limit refusal (MAX_DICTIONARIES, MAX_WORDS, MAX_TESTS) is about; null otherwise. */
  readonly limit: LimitReached | null;

  constructor(
    message: string,
    status: number,
    code: string | null,
    details: readonly ApiErrorDetail[] = [],
    retryAfter: number | null = null,
    limit: LimitReached | null = null,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.retryAfter = retryAfter;
    this.limit = limit;
  }
}

/** A 401 outside /auth and /cookie: the session is gone and the Unauthorized path runs. */
export class UnauthorizedError extends ApiError {
  override name = 'UnauthorizedError';
  readonly tag = 'Unauthorized';
}

export function isCancelledError(error: unknown): error is CancelledError {
  return error instanceof CancelledError;
}
