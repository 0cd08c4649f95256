import type { FastifyInstance } from 'fastify';
import type { EndpointName } from '@wordhoard/shared';
import { RATE_LIMITS, type RateLimiter, type RateLimitRule } from './rate-limiter';

/**
 * Endpoints that cost an outside call or a large write, limited per client address
 * (`request.ip`: the client's own address, or with TRUST_PROXY the one the proxy saw). Limits
 * that belong to a flow, such as failed logins or code mails, live in that flow's service.
 */
export const CLIENT_LIMITS: Partial<Record<EndpointName, RateLimitRule>> = {
  translate: RATE_LIMITS.translate,
  importDictionary: RATE_LIMITS.import,
  importWords: RATE_LIMITS.import,
  previewAnkiImport: RATE_LIMITS.import,
  importAnki: RATE_LIMITS.import,
  putWordPicture: RATE_LIMITS.mediaUpload,
  putWordAudio: RATE_LIMITS.mediaUpload,
};

/** Registered after the access check, so a refused caller spends nothing. */
export function registerClientLimits(app: FastifyInstance, rateLimiter: RateLimiter): void {
  app.addHook('preHandler', async (request) => {
    const name = request.routeOptions.config.endpoint;
    const rule = name ? CLIENT_LIMITS[name] : undefined;
    if (rule) await rateLimiter.consume(rule, request.ip);
  });
}
