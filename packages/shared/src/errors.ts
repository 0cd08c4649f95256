import { z } from 'zod';
import { ROLES } from './constants';

/** Every machine-readable error code the API answers with. Messages live in ./messages. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'ROLE_NOT_ALLOWED',
  'BAD_ORIGIN',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'TOO_MANY_REQUESTS',
  'EMAIL_TAKEN',
  'SIGNUP_CLOSED',
  'INVITE_REQUIRED',
  'INVITE_INVALID',
  'GUESTS_CLOSED',
  'INVALID_CREDENTIALS',
  'INCORRECT_CODE',
  'CODE_EXPIRED',
  'ALREADY_VERIFIED',
  'INVALID_GOOGLE_TOKEN',
  'GOOGLE_ALREADY_LINKED',
  'GOOGLE_UNAVAILABLE',
  'CURRENT_PASSWORD_REQUIRED',
  'WRONG_CURRENT_PASSWORD',
  'GOOGLE_CONFIRMATION_REQUIRED',
  'GOOGLE_CONFIRMATION_FAILED',
  'DELETION_CONFIRMATION_REQUIRED',
  'MAX_DICTIONARIES',
  'MAX_WORDS',
  'DUPLICATE_TERM',
  'MAX_TESTS',
  'EMPTY_TEST',
  'NO_ACTIVE_TEST',
  'NOT_ENOUGH_REVIEWS',
  'WORD_NOT_CURRENT',
  'WORD_CHANGED',
  'NOT_OVERRIDABLE',
  'TRANSLATION_UNAVAILABLE',
  'PAYMENTS_UNAVAILABLE',
  'PUSH_UNAVAILABLE',
  'PUSH_ENDPOINT_NOT_ALLOWED',
  'ALREADY_PREMIUM',
  'NO_SUBSCRIPTION',
  'PAYMENT_IN_PROGRESS',
  'PAYMENT_PROVIDER_ERROR',
  'UPSTREAM_ERROR',
  'INVALID_SIGNATURE',
  'INVALID_ANKI_PACKAGE',
  'ANKI_PACKAGE_TOO_COMPLEX',
  'UNSUPPORTED_MEDIA_TYPE',
  'INVALID_PICTURE',
  'PICTURE_TOO_LARGE',
  'INVALID_AUDIO',
  'AUDIO_TOO_LONG',
  'MEDIA_QUOTA_EXCEEDED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
export const errorCodeSchema = z.enum(ERROR_CODES);

/**
 * The one table from an error code to the HTTP status it is sent with (DESIGN §3). The server's
 * AppError reads its status here, so a code cannot go out with two statuses; the only
 * exceptions are framework errors (a 405, a 415…) that keep their own status and are labelled
 * with the nearest generic code by the error handler.
 */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  ROLE_NOT_ALLOWED: 403,
  BAD_ORIGIN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  EMAIL_TAKEN: 409,
  SIGNUP_CLOSED: 403,
  INVITE_REQUIRED: 403,
  INVITE_INVALID: 403,
  GUESTS_CLOSED: 403,
  INVALID_CREDENTIALS: 401,
  INCORRECT_CODE: 400,
  CODE_EXPIRED: 400,
  ALREADY_VERIFIED: 409,
  INVALID_GOOGLE_TOKEN: 401,
  GOOGLE_ALREADY_LINKED: 409,
  GOOGLE_UNAVAILABLE: 503,
  CURRENT_PASSWORD_REQUIRED: 400,
  WRONG_CURRENT_PASSWORD: 403,
  GOOGLE_CONFIRMATION_REQUIRED: 400,
  GOOGLE_CONFIRMATION_FAILED: 403,
  DELETION_CONFIRMATION_REQUIRED: 400,
  MAX_DICTIONARIES: 403,
  MAX_WORDS: 403,
  DUPLICATE_TERM: 409,
  MAX_TESTS: 403,
  EMPTY_TEST: 400,
  NO_ACTIVE_TEST: 409,
  NOT_ENOUGH_REVIEWS: 409,
  WORD_NOT_CURRENT: 409,
  WORD_CHANGED: 409,
  NOT_OVERRIDABLE: 409,
  TRANSLATION_UNAVAILABLE: 503,
  PAYMENTS_UNAVAILABLE: 503,
  PUSH_UNAVAILABLE: 503,
  PUSH_ENDPOINT_NOT_ALLOWED: 400,
  ALREADY_PREMIUM: 409,
  NO_SUBSCRIPTION: 404,
  PAYMENT_IN_PROGRESS: 409,
  PAYMENT_PROVIDER_ERROR: 502,
  UPSTREAM_ERROR: 502,
  INVALID_SIGNATURE: 400,
  INVALID_ANKI_PACKAGE: 400,
  ANKI_PACKAGE_TOO_COMPLEX: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INVALID_PICTURE: 400,
  PICTURE_TOO_LARGE: 400,
  INVALID_AUDIO: 400,
  AUDIO_TOO_LONG: 400,
  MEDIA_QUOTA_EXCEEDED: 403,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
} as const satisfies Record<ErrorCode, number>;

/**
 * What a refusal at a role's limit (MAX_DICTIONARIES, MAX_WORDS, MAX_TESTS) carries beside its
 * message, so a client can say it in its own words: whose limit it is (the role id; its display
 * name is the client's), the limit, and for the daily tests when the next day's attempts begin
 * (the start of the next UTC day, DESIGN §5).
 */
export const limitReachedSchema = z.object({
  role: z.enum(ROLES),
  limit: z.number().int(),
  resetsAt: z.iso.datetime().optional(),
});
export type LimitReached = z.infer<typeof limitReachedSchema>;

export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  code: errorCodeSchema,
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** Only on MAX_DICTIONARIES, MAX_WORDS and MAX_TESTS. */
  limit: limitReachedSchema.optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
