import { brotliCompressSync } from 'node:zlib';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, runtimeConfigMeta } from '../app';
import { openTestDatabase, testConfig } from '../../test/harness';
import type { Database } from '../db/database';
import type { FastifyInstance } from 'fastify';

let dist: string;
let database: Database;
let app: FastifyInstance;
const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;
const serviceWorker = `self.addEventListener('fetch', () => {}); // ${'y'.repeat(2000)}`;
const webAppManifest = JSON.stringify({ name: 'Wordhoard', start_url: '/menu', display: 'standalone' });

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__">' +
      '<script type="module" nonce="__CSP_NONCE__" src="/assets/app-abc123.js"></script></head>' +
      '<body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(dist, 'assets', 'app-abc123.js'), script);
  await writeFile(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  await mkdir(path.join(dist, '.vite'));
  await writeFile(
    path.join(dist, '.vite', 'first-screens.json'),
    JSON.stringify({
      '/': { js: ['/assets/Landing-l1.js'], css: ['/assets/Landing-l1.css'] },
      '/auth/login': {
        js: ['/assets/Login-x1.js', '/assets/zod-z1.js', '"><script>alert(1)</script>'],
        css: [],
      },
    }),
  );
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(dist, 'sw.js'), serviceWorker);
  await writeFile(path.join(dist, 'sw.js.br'), brotliCompressSync(serviceWorker));
  await writeFile(path.join(dist, 'manifest.webmanifest'), webAppManifest);
  await mkdir(path.join(dist, 'tutorial'));
  for (const file of ['tutorial-desktop.webm', 'tutorial-desktop.mp4']) {
    await writeFile(path.join(dist, 'tutorial', file), Buffer.alloc(4096, 7));
  }
  await writeFile(
    path.join(dist, 'tutorial', 'tutorial-desktop.de.vtt'),
    'WEBVTT\n\n00:00.000 --> 00:01.000\nHallo\n',
  );
  await writeFile(
    path.join(dist, '.vite', 'manifest.json'),
    '{"src/main.tsx":{"file":"assets/app-abc123.js"}}',
  );
  await writeFile(path.join(dist, 'index.html.br'), brotliCompressSync('<html>__CSP_NONCE__</html>'));
  database = await openTestDatabase();
  app = await buildApp({
    config: testConfig({
      WEB_DIST_DIR: dist,
      GOOGLE_CLIENT_ID: 'client-1.apps',
      SUPPORT_EMAIL: 'help@example.com',
      TUTORIAL_VIDEO_DESKTOP: 'dQw4w9WgXcQ',
    }),
    database,
    logger: false,
  });
});

afterAll(async () => {
  await app.close();
  await database.close();
  await rm(dist, { recursive: true, force: true });
});

function nonceOf(csp: string | undefined): string | undefined {
  return /'nonce-([^']+)'/.exec(csp ?? '')?.[1];
}

describe('serving the built SPA', () => {
  it('answers / with index.html carrying a fresh nonce that matches its CSP', async () => {
    const first = await app.inject({ method: 'GET', url: '/' });
    const second = await app.inject({ method: 'GET', url: '/' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/text\/html/);
    const csp = String(first.headers['content-security-policy']);
    const nonce = nonceOf(csp);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first.body).toContain(`<meta name="csp-nonce" content="${nonce}">`);
    expect(first.body).toContain(`nonce="${nonce}"`);
    expect(first.body).not.toContain('__CSP_NONCE__');
    expect(nonceOf(String(second.headers['content-security-policy']))).not.toBe(nonce);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(first.headers['cache-control']).toBe('no-cache');
  });

  it('hands the deployment settings to the page as meta tags', async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.body).toContain('<meta name="wordhoard:support-email" content="help@example.com">');
    expect(page.body).toContain('<meta name="wordhoard:google-client-id" content="client-1.apps">');
    expect(page.body).toContain('<meta name="wordhoard:tutorial-video-desktop" content="dQw4w9WgXcQ">');
    // Unset settings leave no tag behind.
    expect(page.body).not.toContain('wordhoard:analytics-id');
    expect(page.body).not.toContain('wordhoard:tutorial-video-mobile');
  });

  it('tells the page whether a translation service is configured', async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.body).not.toContain('wordhoard:translation');
    expect(runtimeConfigMeta(testConfig({ TRANSLATE_URL: 'http://127.0.0.1:5000' }))).toContain(
      '<meta name="wordhoard:translation" content="on">',
    );
  });

  it('names the source code (SOURCE_URL, AGPL-3.0 §13) at run time, the project’s repository by default', async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.body).toContain(
      '<meta name="wordhoard:source-url" content="https://github.com/wordhoard/wordhoard">',
    );
    expect(runtimeConfigMeta(testConfig({ SOURCE_URL: 'https://git.example.org/fork?a=1&b=2' }))).toContain(
      '<meta name="wordhoard:source-url" content="https://git.example.org/fork?a=1&amp;b=2">',
    );
    expect(() => testConfig({ SOURCE_URL: 'javascript:alert(1)' })).toThrow(/SOURCE_URL/);
  });

  it('falls back to index.html for client routes (history API)', async () => {
    for (const url of ['/dictionaries/123', '/testing/finish', '/policy/privacy/de?x=1', '/no-such-page']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
    }
  });

  it("preloads the first screen's chunks on the pages a visit starts on, with the page's nonce", async () => {
    const login = await app.inject({ method: 'GET', url: '/auth/login/?next=1' });
    const nonce = nonceOf(String(login.headers['content-security-policy']));
    expect(login.body).toContain(
      `<link rel="modulepreload" crossorigin href="/assets/Login-x1.js" nonce="${nonce}">`,
    );
    expect(login.body).toContain(
      `<link rel="modulepreload" crossorigin href="/assets/zod-z1.js" nonce="${nonce}">`,
    );
    // Only hashed asset URLs make it into the page.
    expect(login.body).not.toContain('alert(1)');
    expect(login.body).not.toContain('Landing-l1');

    const landing = await app.inject({ method: 'GET', url: '/' });
    const landingNonce = nonceOf(String(landing.headers['content-security-policy']));
    expect(landing.body).toContain(
      `<link rel="preload" as="style" crossorigin href="/assets/Landing-l1.css" nonce="${landingNonce}">`,
    );
    expect(landing.body.indexOf('Landing-l1.js')).toBeLessThan(landing.body.indexOf('</head>'));

    const other = await app.inject({ method: 'GET', url: '/dictionaries/123' });
    expect(other.body).not.toContain('rel="modulepreload"');
  });

  it('serves hashed assets precompressed and immutable', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(script.length);

    const plain = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('serves the tutorial videos and captions with their media types, in ranges for seeking', async () => {
    for (const [url, type] of [
      ['/tutorial/tutorial-desktop.webm', 'video/webm'],
      ['/tutorial/tutorial-desktop.mp4', 'video/mp4'],
      ['/tutorial/tutorial-desktop.de.vtt', 'text/vtt'],
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(String(response.headers['content-type']), url).toMatch(new RegExp(`^${type}(;|$)`));
    }
    const part = await app.inject({
      method: 'GET',
      url: '/tutorial/tutorial-desktop.mp4',
      headers: { range: 'bytes=1024-2047' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 1024-2047/4096');
    expect(part.rawPayload.length).toBe(1024);
  });

  it('serves the web app manifest as application/manifest+json', async () => {
    const response = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-type'])).toMatch(/^application\/manifest\+json(;|$)/);
    expect(response.json()).toMatchObject({ name: 'Wordhoard', start_url: '/menu' });
  });

  it('serves the service worker uncached, for the whole origin, under a policy that lets it fetch', async () => {
    for (const encoding of ['br', 'identity']) {
      const response = await app.inject({
        method: 'GET',
        url: '/sw.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(response.statusCode, encoding).toBe(200);
      expect(response.headers['content-encoding'], encoding).toBe(encoding === 'br' ? 'br' : undefined);
      expect(String(response.headers['content-type']), encoding).toMatch(/^(text|application)\/javascript/);
      // Checked for updates on every visit: never kept by the HTTP cache without asking.
      expect(response.headers['cache-control'], encoding).toBe('no-cache');
      expect(response.headers['service-worker-allowed'], encoding).toBe('/');
      // A worker runs under its script's CSP: it may fetch this origin (precache, pages), no more.
      const csp = String(response.headers['content-security-policy']);
      expect(csp, encoding).toContain("connect-src 'self'");
      expect(csp, encoding).toContain("default-src 'none'");
      expect(csp, encoding).not.toContain('script-src');
    }
    const plain = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(plain.body).toBe(serviceWorker);
  });

  it('answers a missing asset or API path with 404, never with the page', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/missing-000.js' });
    expect(asset.statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/missing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('ROUTE_NOT_FOUND');
    const post = await app.inject({ method: 'POST', url: '/somewhere' });
    expect(post.statusCode).toBe(404);
  });

  it('sends /index.html to / instead of serving the template with its nonce placeholder', async () => {
    const response = await app.inject({ method: 'GET', url: '/index.html?lng=de' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/?lng=de');
    const bare = await app.inject({ method: 'GET', url: '/index.html' });
    expect(bare.headers.location).toBe('/');
    expect(bare.body).not.toContain('__CSP_NONCE__');
  });

  it('never serves build internals: Vite manifests, dot paths, precompressed index copies', async () => {
    for (const url of [
      '/.vite/manifest.json',
      '/.vite/first-screens.json',
      '/.vite/',
      '/assets/../.vite/manifest.json',
      '/%2Evite/manifest.json',
      '/index.html.br',
      '/index.html.gz',
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('assets/app-abc123.js');
      expect(response.body, url).not.toContain('__CSP_NONCE__');
      expect(String(response.headers['cache-control']), url).not.toMatch(/public/);
    }
    // Public files of the build are still served.
    expect((await app.inject({ method: 'GET', url: '/favicon.svg' })).statusCode).toBe(200);
  });
});
