import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { newNonce } from './security';

const NONCE_PLACEHOLDER = /__CSP_NONCE__/g;

export interface SpaOptions {
  distDir: string;
  /** Snippet placed before </head>, e.g. the analytics tag; `{nonce}` is replaced per response. */
  headSnippet?: string;
  notFound: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

/**
 * Serves the built SPA: hashed assets with immutable caching and their precompressed .br/.gz
 * siblings, and index.html for every other GET (history fallback) with a fresh CSP nonce.
 */
export async function registerSpa(app: FastifyInstance, options: SpaOptions): Promise<boolean> {
  const indexFile = path.join(options.distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir: options.distDir }, 'web build not found: run `npm run build` to serve the app');
    app.setNotFoundHandler(options.notFound);
    return false;
  }
  // Read once: the page is tiny and only the nonce changes between responses.
  let template = readFileSync(indexFile, 'utf8');
  if (options.headSnippet) template = template.replace('</head>', `${options.headSnippet}</head>`);

  await app.register(fastifyStatic, {
    root: options.distDir,
    index: false,
    preCompressed: true,
    wildcard: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const relative = path.relative(options.distDir, filePath);
      res.header(
        'cache-control',
        relative.startsWith(`assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600',
      );
    },
  });

  const sendPage = (reply: FastifyReply) => {
    const nonce = newNonce();
    reply.cspNonce = nonce;
    return reply
      .code(200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(template.replace(NONCE_PLACEHOLDER, nonce));
  };

  // The static plugin would refuse "/" as a directory; the page is ours to render.
  app.get('/', (_request, reply) => sendPage(reply));
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    // A missing hashed asset is a real 404, not a page (avoids serving HTML as JavaScript).
    if (!wantsPage || pathname.startsWith('/assets/')) return options.notFound(request, reply);
    return sendPage(reply);
  });
  return true;
}
