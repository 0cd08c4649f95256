import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@wordhoard/shared';
import { AppError } from '../domain/errors';
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

/**
 * Errors that describe our answer to the request itself: Fastify's own (FST_…: malformed JSON,
 * body too large, …) and the http-errors its static plugin sends (`expose`: 416 for a bad
 * Range). Any other error with a status code is an outside service's answer to us.
 */
function isOwnHttpError(error: FastifyError): boolean {
  if (typeof error.code === 'string' && error.code.startsWith('FST_')) return true;
  return typeof (error as { expose?: unknown }).expose === 'boolean';
}

/** The headers an own 4xx may keep: the ones its status calls for, nothing else. */
const OWN_ERROR_HEADERS = new Set(['allow', 'content-range']);

/** Framing is ours alone: whatever was set before, Fastify frames the body it sends. */
const FRAMING_HEADERS = ['content-length', 'transfer-encoding', 'content-encoding'];

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
    for (const name of FRAMING_HEADERS) reply.removeHeader(name);
    return reply.code(statusCode).type('application/json; charset=utf-8').send(payload);
  };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.cause !== undefined) {
        request.log.error({ err: error.cause, code: error.code }, 'outside service failed');
      }
      reply.headers(error.headers);
      const body = error.limit ? { limit: error.limit } : {};
      return send(request, reply, error.statusCode, error.code, body, error.values);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const language = messages.languageOf(request.headers['accept-language']);
      const details = error.validation.map((issue) => ({
        path: [error.validationContext, issue.instancePath.replace(/^\//, '').replaceAll('/', '.')]
          .filter(Boolean)
          .join('.'),
        message: messages.validation(language, issue.message ?? ''),
      }));
      return send(request, reply, ERROR_STATUS.VALIDATION_ERROR, 'VALIDATION_ERROR', { details });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return send(request, reply, 503, 'SERVICE_UNAVAILABLE');
    }
    const hasStatus = typeof error.statusCode === 'number' && error.statusCode >= 400;
    if (hasStatus && !isOwnHttpError(error)) {
      // E.g. a client library's error for Stripe's 401 (our API key): copying its status would
      // tell the browser its session ended, and its headers would frame our body wrongly.
      request.log.error({ err: error }, 'outside service failed');
      return send(request, reply, ERROR_STATUS.UPSTREAM_ERROR, 'UPSTREAM_ERROR');
    }
    const statusCode = hasStatus ? (error.statusCode as number) : 500;
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
    const headers = (error as { headers?: Record<string, string> }).headers ?? {};
    for (const [name, value] of Object.entries(headers)) {
      if (OWN_ERROR_HEADERS.has(name.toLowerCase())) reply.header(name, value);
    }
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
