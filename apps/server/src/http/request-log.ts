import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { LogController } from 'fastify';

/**
 * Routes whose requests are routine: the SPA's static files (one page load asks for dozens), the
 * API docs' files, and what probes and scrapers call every few seconds. Logged at debug.
 */
const QUIET_ROUTES = new Set(['/*', '/api/docs/static/*', '/api/health', '/api/metrics']);

/** pino's own check; Fastify's stand-in logger (logger: false) has none and writes nothing anyway. */
function isEnabled(log: FastifyBaseLogger, level: 'debug' | 'info'): boolean {
  const check = (log as Partial<Pick<Logger, 'isLevelEnabled'>>).isLevelEnabled;
  return check ? check.call(log, level) : false;
}

/**
 * One log line per request, written when the response has gone (decision 0083), instead of
 * Fastify's two ("incoming request", "request completed"): method, URL, route, status, time and
 * the request id (the child logger's reqId) and the client's address. Routine requests go at debug, the rest at info; a
 * response that failed while being sent is an error, as before. The user agent is added at
 * debug, where a line's cost matters less than what it tells.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    const route = request.routeOptions.url;
    const level = route !== undefined && QUIET_ROUTES.has(route) ? 'debug' : 'info';
    const log = reply.log;
    if (!isEnabled(log, level)) return;
    const line: Record<string, unknown> = {
      method: request.method,
      url: request.url,
      route,
      status: reply.statusCode,
      ip: request.ip,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (isEnabled(log, 'debug')) line.userAgent = request.headers['user-agent'];
    log[level](line, 'request');
  }
}
