import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config';
import { AppError } from '../domain/errors';
import { originWarnings } from './origin-warnings';

declare module 'fastify' {
  interface FastifyReply {
    /** The nonce of this response's Content-Security-Policy (HTML pages only). */
    cspNonce?: string;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Stripe calls the webhook server to server; its signature, not an Origin, authenticates it. */
// One-click unsubscribe (RFC 8058) is posted by mail providers, from anywhere, with a token
// instead of a cookie: there is no session to forge a request for.
const ORIGIN_EXEMPT = new Set(['/api/stripe/webhook', '/api/reminders/unsubscribe']);

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** The policy for the SPA's index.html; only scripts carrying this response's nonce run. */
export function pageCsp(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' https://accounts.google.com/gsi/client https://www.googletagmanager.com`,
    `style-src 'self' 'nonce-${nonce}' https://accounts.google.com/gsi/style`,
    // blob: for the preview of a word picture chosen and of a pronunciation just recorded.
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob:",
    "font-src 'self'",
    "connect-src 'self' https://accounts.google.com https://www.google-analytics.com",
    'frame-src https://accounts.google.com https://www.youtube-nocookie.com',
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The inline styles Swagger UI's own scripts put into the page: the logo SVG in its top bar
 * carries one `<style>` element (swagger-ui-standalone-preset.js). The docs policy allows
 * exactly these by hash; an upgrade that changes them fails the docs CSP test in
 * app.api.test.ts.
 */
const DOCS_INLINE_STYLES = ['.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}'];

function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The policy for the API docs (Swagger UI under /api/docs): its scripts and styles are files
 * of its own origin, the OpenAPI document is fetched from the same origin, and the only inline
 * code it needs is the styles above, allowed by hash; nothing else inline runs.
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  `style-src 'self' ${DOCS_INLINE_STYLES.map(cspHash).join(' ')}`,
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function isDocs(url: string): boolean {
  return url === '/api/docs' || url.startsWith('/api/docs/') || url.startsWith('/api/docs?');
}

/** For JSON and static files nothing should ever execute or be framed. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The service worker's own policy (a worker runs under the CSP of its script's response): it
 * fetches the app's files and pages from this origin and nothing else, and loads no scripts
 * (docs/decisions/0051-service-worker.md).
 */
export const SERVICE_WORKER_CSP =
  "default-src 'none'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'";
const SERVICE_WORKER_URL = /^\/sw\.js(\?|$)/;

function requestOrigin(request: FastifyRequest): string | undefined {
  const host = request.headers.host;
  return host ? `${request.protocol}://${host}` : undefined;
}

export function registerSecurity(app: FastifyInstance, config: Config): void {
  const warnings = originWarnings(app, config);
  // CSRF defence in depth beside SameSite=Lax: a browser always sends Origin on cross-site
  // writes, so a foreign Origin on a state-changing request is refused (DESIGN §3).
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin || ORIGIN_EXEMPT.has(request.url.split('?')[0] ?? '')) return;
    if (origin === config.appOrigin || origin === requestOrigin(request)) return;
    warnings.originRefused(request, origin);
    throw new AppError('BAD_ORIGIN');
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
    // The microphone for recording a word's pronunciation on this origin only (issue 21).
    reply.header('permissions-policy', 'camera=(), microphone=(self), geolocation=(), payment=(self)');
    if (config.secureCookies) {
      reply.header('strict-transport-security', 'max-age=63072000; includeSubDomains');
    }
    if (reply.cspNonce) {
      reply.header('content-security-policy', pageCsp(reply.cspNonce));
    } else if (isDocs(request.url)) {
      reply.header('content-security-policy', DOCS_CSP);
    } else if (SERVICE_WORKER_URL.test(request.url)) {
      reply.header('content-security-policy', SERVICE_WORKER_CSP);
    } else {
      reply.header('content-security-policy', API_CSP);
    }
    // API answers are personal (a user, their words, their test) or errors about them: no
    // browser or shared cache may keep them, whatever a handler or plugin set.
    // The one exception: a media file, whose URL changes with every upload, keeps the private,
    // immutable caching its handler gave it (docs/decisions/0063-word-media.md).
    const endpoint = (reply.routeOptions.config as { endpoint?: string } | undefined)?.endpoint;
    const keepsCaching = endpoint === 'getMedia' && reply.statusCode < 400;
    if (request.url.startsWith('/api/') && !isDocs(request.url) && !keepsCaching) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
