import type { ErrorCode, MessageValues } from '@wordhoard/shared';

/**
 * An error the client is meant to see: its status, code and the values its localized message
 * needs. The error handler turns it into the DESIGN §3 body in the caller's language. `cause`
 * (e.g. an outside service's failure behind a 502) is logged, never sent.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly values: MessageValues = {},
    readonly headers: Record<string, string> = {},
    options?: { cause?: unknown },
  ) {
    super(code, options);
  }
}

export const notFound = () => new AppError(404, 'NOT_FOUND');
export const unauthorized = () => new AppError(401, 'UNAUTHORIZED');
export const forbidden = (code: ErrorCode = 'FORBIDDEN', values?: MessageValues) =>
  new AppError(403, code, values);
export const conflict = (code: ErrorCode, values?: MessageValues) => new AppError(409, code, values);
export const badRequest = (code: ErrorCode = 'BAD_REQUEST', values?: MessageValues) =>
  new AppError(400, code, values);
export const unavailable = (code: ErrorCode = 'SERVICE_UNAVAILABLE') => new AppError(503, code);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(
    429,
    'TOO_MANY_REQUESTS',
    { seconds: retryAfterSeconds },
    {
      'retry-after': String(retryAfterSeconds),
    },
  );
