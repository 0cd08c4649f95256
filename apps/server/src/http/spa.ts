import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { newNonce } from './security';

const NONCE_PLACEHOLDER = /__CSP_NONCE__/g;

/** Written by the web build (apps/web/vite.config.ts, firstScreenPreloads): path → its screen's assets. */
const FIRST_SCREENS_FILE = path.join('.vite', 'first-screens.json');
const ASSET_URL = /^\/assets\/[\w.-]+\.(js|css)$/;
/** Written by the web build (vite-plugin-pwa): docs/decisions/0051-service-worker.md. */
export const SERVICE_WORKER_FILE = 'sw.js';

/**
 * Per path, the <link> tags that let the browser fetch the screen's chunks beside the entry
 * instead of after it has run (docs/performance.md, "Front end"). Anything unexpected in the
 * file is left out: at worst a page loads as it would without preloads.
 */
function readFirstScreenPreloads(distDir: string): Map<string, string> {
  const file = path.join(distDir, FIRST_SCREENS_FILE);
  const tags = new Map<string, string>();
  if (!existsSync(file)) return tags;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { js?: unknown; css?: unknown }>;
  const urls = (list: unknown) =>
    Array.isArray(list)
      ? list.filter((url): url is string => typeof url === 'string' && ASSET_URL.test(url))
      : [];
  for (const [pathname, preloads] of Object.entries(parsed)) {
    const links = [
      // crossorigin as in Vite's own tags and its loader, so the preloaded responses are used.
      ...urls(preloads.js).map(
        (url) => `<link rel="modulepreload" crossorigin href="${url}" nonce="__CSP_NONCE__">`,
      ),
      ...urls(preloads.css).map(
        (url) => `<link rel="preload" as="style" crossorigin href="${url}" nonce="__CSP_NONCE__">`,
      ),
    ];
    if (links.length > 0) tags.set(pathname, links.join(''));
  }
  return tags;
}

/** "/auth/login/" and "/auth/login?x" are the same page as "/auth/login". */
function pagePath(url: string): string {
  const pathname = url.split('?')[0] ?? '/';
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * Files of the build that are not for browsers: Vite's manifests under .vite/ (any dot
 * segment), and index.html itself with its precompressed copies, a template whose nonce
 * placeholder only sendPage fills in.
 */
export function isBuildInternal(pathname: string): boolean {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape is no file of ours either way.
  }
  return (
    decoded.split('/').some((segment) => segment.startsWith('.')) ||
    /^\/index\.html(\.(br|gz))?$/.test(decoded)
  );
}

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
  const templates = new Map<string, string>();
  for (const [pathname, tags] of readFirstScreenPreloads(options.distDir)) {
    templates.set(pathname, template.replace('</head>', `${tags}</head>`));
  }

  await app.register(fastifyStatic, {
    root: options.distDir,
    index: false,
    preCompressed: true,
    wildcard: true,
    cacheControl: false,
    allowedPath: (pathname) => !isBuildInternal(pathname),
    setHeaders: (res, filePath) => {
      const relative = path.relative(options.distDir, filePath);
      // The precompressed copies (sw.js.br, sw.js.gz) are the same file to the browser.
      if (relative.replace(/\.(br|gz)$/, '') === SERVICE_WORKER_FILE) {
        // Every update check must reach us: a worker kept an hour would hold back each release
        // by as much. It controls the whole origin from the root.
        res.header('cache-control', 'no-cache');
        res.header('service-worker-allowed', '/');
        return;
      }
      res.header(
        'cache-control',
        relative.startsWith(`assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600',
      );
    },
  });

  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    const nonce = newNonce();
    reply.cspNonce = nonce;
    const page = templates.get(pagePath(request.url)) ?? template;
    return reply
      .code(200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page.replace(NONCE_PLACEHOLDER, nonce));
  };

  // The static plugin would refuse "/" as a directory; the page is ours to render.
  app.get('/', (request, reply) => sendPage(request, reply));
  // The same page under its file name would be a second URL for "/": send people there.
  app.get('/index.html', (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(query === -1 ? '/' : `/${request.url.slice(query)}`, 301);
  });
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/');
    // A missing hashed asset is a real 404, not a page (avoids serving HTML as JavaScript);
    // so is a build internal the static plugin refused.
    if (!wantsPage || pathname.startsWith('/assets/') || isBuildInternal(pathname)) {
      return options.notFound(request, reply);
    }
    return sendPage(request, reply);
  });
  return true;
}
