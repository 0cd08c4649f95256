import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@wordhoard/shared';
import { AppError } from './errors';
import type { ServerMessages } from './messages';

/** Errors of the database driver that mean "unreachable", not "your request was wrong". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

/** Drizzle wraps driver errors ("Failed query: …"), so the cause chain is searched too. */
function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  const unreachable =
    /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connect ECONNREFUSED/i;
  return unreachable.test(error.message) || isDatabaseUnavailable(error.cause, depth + 1);
}

function statusCodeToErrorCode(statusCode: number): ErrorCode {
  switch (statusCode) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 429:
      return 'TOO_MANY_REQUESTS';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return statusCode >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST';
  }
}

/**
 * One error handler for the whole API, producing the DESIGN §3 body with a message in the
 * caller's language. 5xx answers never carry internals; they are logged with the request id.
 */
export function registerErrorHandler(app: FastifyInstance, messages: ServerMessages): void {
  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    statusCode: number,
    code: ErrorCode,
    body: Partial<ErrorBody> = {},
    values?: Record<string, string | number>,
  ) => {
    const language = messages.languageOf(request.headers['accept-language']);
    const payload: ErrorBody = {
      statusCode,
      code,
      message: messages.error(language, code, values),
      ...body,
    };
    return reply.code(statusCode).type('application/json; charset=utf-8').send(payload);
  };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return send(request, reply, error.statusCode, error.code, {}, error.values);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const language = messages.languageOf(request.headers['accept-language']);
      const details = error.validation.map((issue) => ({
        path: [error.validationContext, issue.instancePath.replace(/^\//, '').replaceAll('/', '.')]
          .filter(Boolean)
          .join('.'),
        message: messages.validation(language, issue.message ?? ''),
      }));
      return send(request, reply, 400, 'VALIDATION_ERROR', { details });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return send(request, reply, 503, 'SERVICE_UNAVAILABLE');
    }
    const statusCode =
      typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return send(
        request,
        reply,
        statusCode === 503 ? 503 : 500,
        statusCode === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR',
      );
    }
    // Fastify's own 4xx (malformed JSON, unsupported media type, body too large, …).
    const headers = (error as { headers?: Record<string, string> }).headers;
    if (headers) reply.headers(headers);
    return send(request, reply, statusCode, statusCodeToErrorCode(statusCode));
  });
}

/** Unknown /api paths answer JSON; everything else is left to the SPA's history fallback. */
export function apiNotFound(messages: ServerMessages) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const language = messages.languageOf(request.headers['accept-language']);
    const payload: ErrorBody = {
      statusCode: 404,
      code: 'ROUTE_NOT_FOUND',
      message: messages.error(language, 'ROUTE_NOT_FOUND'),
    };
    return reply.code(404).send(payload);
  };
}
