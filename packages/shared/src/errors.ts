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
  'MAX_DICTIONARIES',
  'MAX_WORDS',
  'DUPLICATE_TERM',
  'MAX_TESTS',
  'EMPTY_TEST',
  'NO_ACTIVE_TEST',
  'TRANSLATION_UNAVAILABLE',
  'PAYMENTS_UNAVAILABLE',
  'ALREADY_PREMIUM',
  'NO_SUBSCRIPTION',
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
