import { z } from 'zod';

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
  'WORD_NOT_CURRENT',
  'TRANSLATION_UNAVAILABLE',
  'PAYMENTS_UNAVAILABLE',
  'ALREADY_PREMIUM',
  'NO_SUBSCRIPTION',
  'PAYMENT_IN_PROGRESS',
  'PAYMENT_PROVIDER_ERROR',
  'UPSTREAM_ERROR',
  'INVALID_SIGNATURE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
export const errorCodeSchema = z.enum(ERROR_CODES);

export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  code: errorCodeSchema,
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
