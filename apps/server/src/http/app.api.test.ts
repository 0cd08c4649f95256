import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@wordhoard/shared';
import { createUser } from '../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../test/harness';

/** The app's version, read here from the root package.json, not through the code under test. */
const rootVersion = (
  JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe(`HTTP conventions (${testDriver})`, () => {
  it('answers /api/health with ok and the package.json version while the database is reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(rootVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(response.json()).toEqual({ status: 'ok', version: rootVersion });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown API path with the error body, localized by Accept-Language', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({
      statusCode: 404,
      code: 'ROUTE_NOT_FOUND',
      message: 'This address does not exist',
    });

    const uk = await t.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { 'accept-language': 'uk' },
    });
    expect(uk.json().code).toBe('ROUTE_NOT_FOUND');
    expect(uk.json().message).not.toBe(en.json().message);
    expect(uk.json().message).toMatch(/[а-яіїєґ]/i);
  });

  it('refuses a state-changing request from a foreign Origin with 403 and changes nothing', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/cookie/token',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('BAD_ORIGIN');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('accepts the configured origin and the request’s own origin', async () => {
    for (const origin of [t.config.appOrigin, 'http://127.0.0.1:3000']) {
      const response = await t.app.inject({
        method: 'DELETE',
        url: '/api/cookie/token',
        headers: { origin, host: '127.0.0.1:3000' },
      });
      expect(response.statusCode).toBe(204);
    }
  });

  it('answers 413 for a body over 100 KB and 400 for malformed JSON', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/cookie/refresh',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(101 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/cookie/refresh',
      headers: { 'content-type': 'application/json' },
      payload: '{"unterminated',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('BAD_REQUEST');
  });

  it('sets the baseline security headers on API answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Plain http: no HSTS.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('serves an OpenAPI document generated from the contract, and its UI', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<string, Record<string, { operationId: string }>>;
    }>();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/api/health']?.get?.operationId).toBe('health');
    expect(document.paths['/api/cookie/checkToken']?.get?.operationId).toBe('checkToken');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });

  it('serves the API docs under a policy that allows every inline script and style they use', async () => {
    for (const url of ['/api/docs', '/api/docs/']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("'unsafe-inline'");
      expect(csp).not.toContain("'unsafe-eval'");
      const scriptSources = sourcesFor(csp, 'script-src-elem', 'script-src');
      const styleSources = sourcesFor(csp, 'style-src-elem', 'style-src');

      // Inline code in the page itself runs only with the policy's nonce or its hash.
      const inlineScripts = [...page.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)];
      const inlineStyles = [...page.body.matchAll(/<style([^>]*)>([\s\S]*?)<\/style>/g)];
      for (const [, attributes, text] of inlineScripts) {
        expect(allowsInline(scriptSources, attributes ?? '', text ?? ''), `script ${text}`).toBe(true);
      }
      for (const [, attributes, text] of inlineStyles) {
        expect(allowsInline(styleSources, attributes ?? '', text ?? ''), `style ${text}`).toBe(true);
      }
      expect(page.body).not.toMatch(/\sstyle=/);

      // Its scripts are files of its own origin; the <style> elements they render (React
      // elements with a literal text) are allowed by hash.
      const scripts = [...page.body.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1] ?? '');
      expect(scripts.length).toBeGreaterThan(0);
      expect(scriptSources).toContain("'self'");
      const renderedStyles: string[] = [];
      for (const src of scripts) {
        const script = new URL(src, `http://localhost${url}`);
        expect(script.origin).toBe('http://localhost');
        const file = await t.app.inject({ method: 'GET', url: script.pathname });
        expect(file.statusCode, script.pathname).toBe(200);
        for (const match of file.body.matchAll(/createElement\("style",[^,]*,("(?:[^"\\]|\\.)*")\)/g)) {
          renderedStyles.push(JSON.parse(match[1] ?? '""') as string);
        }
      }
      expect(renderedStyles.length).toBeGreaterThan(0);
      for (const text of renderedStyles) {
        expect(allowsInline(styleSources, '', text), `rendered style ${text}`).toBe(true);
      }
    }
  });
});

/** The sources of the first of `directives` the policy names, else of default-src. */
function sourcesFor(csp: string, ...directives: string[]): string[] {
  const policy = new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map((tokens) => [tokens[0] ?? '', tokens.slice(1)] as const),
  );
  for (const directive of [...directives, 'default-src']) {
    const sources = policy.get(directive);
    if (sources) return sources;
  }
  return [];
}

/** Whether an inline element with these attributes and text may apply: its nonce or its hash. */
function allowsInline(sources: string[], attributes: string, text: string): boolean {
  const nonce = /\bnonce="([^"]+)"/.exec(attributes)?.[1];
  if (nonce && sources.includes(`'nonce-${nonce}'`)) return true;
  const hash = createHash('sha256').update(text, 'utf8').digest('base64');
  return sources.includes(`'sha256-${hash}'`);
}

describe('validation errors', () => {
  it('answers 400 VALIDATION_ERROR with a localized message per field', async () => {
    expect(contract.signup.path).toBe('/auth/signup');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'accept-language': 'de' },
      payload: { email: 'not an email', password: 'short' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{
      code: string;
      message: string;
      details: { path: string; message: string }[];
    }>();
    expect(body.code).toBe('VALIDATION_ERROR');
    const messagesOf = (path: string) => body.details.filter((d) => d.path === path).map((d) => d.message);
    expect(messagesOf('body.email')).toHaveLength(1);
    // German text from the shared catalog, with the length filled in.
    expect(messagesOf('body.password')).toContain('Muss mindestens 8 Zeichen lang sein');
    expect(messagesOf('body.password').join(' ')).not.toMatch(/Should be/);
  });

  it('marks every API answer no-store: each GET of the contract, signed in and out, and errors', async () => {
    const { cookie } = await createUser(t.app, 'user');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/dictionaries',
      headers: { cookie },
      payload: { name: 'Private', fromLanguage: 'en', toLanguage: 'de' },
    });
    const dictionaryId: string = created.json().id;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/dictionaries/${dictionaryId}`,
      headers: { cookie },
      payload: { words: { create: [{ term: 'secret', definitions: ['geheim'] }] } },
    });
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/dictionaries/${dictionaryId}`,
      headers: { cookie },
    });
    const wordId: string = page.json().words[0].id;

    const gets = t.app.routeTable.filter((route) => route.method === 'GET' && route.endpoint !== undefined);
    expect(gets.length).toBeGreaterThanOrEqual(10);
    let personal = 0;
    for (const route of gets) {
      const url = route.url
        .replace(':wordId', wordId)
        .replace(':id', dictionaryId)
        .replace(':word', 'secret');
      const query =
        route.endpoint === 'exportDictionary'
          ? '?format=json'
          : route.endpoint === 'translate'
            ? '?fromLanguage=en&toLanguage=de'
            : '';
      for (const headers of [{ cookie }, {}]) {
        const response = await t.app.inject({ method: 'GET', url: url + query, headers });
        expect(response.headers['cache-control'], `${url} ${response.statusCode}`).toBe('no-store');
        if (response.statusCode === 200 && 'cookie' in headers) personal += 1;
      }
    }
    expect(personal).toBeGreaterThanOrEqual(8);
    const failedLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'Wrong1234' },
    });
    expect(failedLogin.headers['cache-control']).toBe('no-store');
  });
});
