import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PREFIX,
  contract,
  ERROR_CODES,
  ERROR_STATUS,
  SESSION_COOKIE_NAME,
  type EndpointName,
} from '@wordhoard/shared';
import {
  createTestApp,
  sessionCookie,
  testDriver,
  uniqueClientAddress,
  type TestApp,
} from '../../test/harness';
import { ENDPOINT_ERRORS } from './openapi';

interface Response {
  description: string;
  content?: Record<string, { schema: { $ref?: string } }>;
  'x-error-codes'?: string[];
}
interface Operation {
  operationId: string;
  responses: Record<string, Response>;
  security?: Record<string, string[]>[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }>;
    securitySchemes: Record<string, { type: string; in: string; name: string }>;
  };
}

const names = Object.keys(contract) as EndpointName[];
const ERROR_BODY_REF = '#/components/schemas/ErrorBody';
const STATE_CHANGING = ['POST', 'PATCH', 'PUT', 'DELETE'];
/** Paths the document names (`{id}`), written independently of the server's own conversion. */
const documentPathOf = (name: EndpointName) =>
  API_PREFIX + contract[name].path.replace(/:(\w+)/g, (_, param: string) => `{${param}}`);

let t: TestApp;
let document: Document;
beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  document = response.json<Document>();
});
afterAll(async () => {
  await t.close();
});

const operationOf = (name: EndpointName) =>
  document.paths[documentPathOf(name)]?.[contract[name].method.toLowerCase()];

describe(`the OpenAPI document against the contract (${testDriver})`, () => {
  it('has exactly the contract endpoints: no SPA, asset, docs or infrastructure route', () => {
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({ path, method, id: operation.operationId })),
    );
    const expected = names.map((name) => ({
      path: documentPathOf(name),
      method: contract[name].method.toLowerCase(),
      id: name,
    }));
    const key = (entry: { path: string; method: string; id: string }) =>
      `${entry.method} ${entry.path} ${entry.id}`;
    expect(documented.map(key).sort()).toEqual(expected.map(key).sort());
    expect(Object.keys(document.paths).every((path) => path.startsWith(`${API_PREFIX}/`))).toBe(true);
  });

  it('leaves out the SPA and its files when the app serves them', async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-openapi-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><html><body></body></html>');
    await writeFile(path.join(dist, 'assets', 'app.js'), 'export {};');
    const withWeb = await createTestApp({ serveWeb: true, env: { WEB_DIST_DIR: dist } });
    try {
      expect((await withWeb.app.inject({ method: 'GET', url: '/menu' })).statusCode).toBe(200);
      const served = (await withWeb.app.inject({ method: 'GET', url: '/api/docs/json' })).json<Document>();
      expect(Object.keys(served.paths).sort()).toEqual(Object.keys(document.paths).sort());
    } finally {
      await withWeb.close();
      await rm(dist, { recursive: true, force: true });
    }
  });

  it.each(names)('%s: its success status, with a body exactly when the contract has one', (name) => {
    const endpoint = contract[name];
    const operation = operationOf(name);
    expect(operation, name).toBeDefined();
    const success = Object.keys(operation?.responses ?? {}).filter((status) => status.startsWith('2'));
    // A media file answers a Range with a part of itself (decision 0063).
    const partial = name === 'getMedia' ? ['206'] : [];
    expect(success).toEqual([String(endpoint.status), ...partial]);
    const response = operation?.responses[String(endpoint.status)];
    if (endpoint.response === null) expect(response?.content).toBeUndefined();
    else expect(Object.keys(response?.content ?? {}).length).toBeGreaterThan(0);
  });

  it.each(names)('%s: the errors its kind and its service can answer, each with the error body', (name) => {
    const endpoint = contract[name];
    const responses = operationOf(name)?.responses ?? {};
    const codesAt = (status: number) => responses[String(status)]?.['x-error-codes'] ?? [];
    const expected: [number, string][] = [[500, 'INTERNAL_ERROR']];
    // Health answers an unreachable database with its own body (503), not the error body.
    if (name !== 'health') expected.push([503, 'SERVICE_UNAVAILABLE']);
    if ('params' in endpoint || 'query' in endpoint || 'body' in endpoint)
      expected.push([400, 'VALIDATION_ERROR']);
    if (endpoint.access !== 'public') expected.push([401, 'UNAUTHORIZED']);
    if (endpoint.access === 'member' || 'roles' in endpoint) expected.push([403, 'ROLE_NOT_ALLOWED']);
    if (STATE_CHANGING.includes(endpoint.method)) {
      expected.push(
        [400, 'BAD_REQUEST'],
        [403, 'BAD_ORIGIN'],
        [413, 'PAYLOAD_TOO_LARGE'],
        // An upload refuses other media types with its own code (http/route.ts).
        [415, 'upload' in endpoint ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST'],
      );
    }
    for (const code of ENDPOINT_ERRORS[name]) expected.push([ERROR_STATUS[code], code]);
    for (const [status, code] of expected) expect(codesAt(status), `${name} ${status}`).toContain(code);

    for (const [status, response] of Object.entries(responses)) {
      if (Number(status) < 400 || (name === 'health' && status === '503')) continue;
      expect(response.content?.['application/json']?.schema, `${name} ${status}`).toEqual({
        $ref: ERROR_BODY_REF,
      });
      for (const code of response['x-error-codes'] ?? []) {
        if (status !== '415')
          expect(ERROR_STATUS[code as keyof typeof ERROR_STATUS], code).toBe(Number(status));
      }
    }
  });

  it.each(names)('%s: needs the session cookie exactly when the contract says it is not public', (name) => {
    const expected = contract[name].access === 'public' ? [] : [{ sessionCookie: [] }];
    expect(operationOf(name)?.security).toEqual(expected);
  });

  it('names the cookie the server sets as the security scheme', async () => {
    expect(document.components.securitySchemes.sessionCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: SESSION_COOKIE_NAME,
    });
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/auth/guest',
      payload: {},
      remoteAddress: uniqueClientAddress(),
    });
    expect(sessionCookie(guest).split('=')[0]).toBe(SESSION_COOKIE_NAME);
  });

  it('describes the error body once, as the error handler sends it', async () => {
    const errorBody = document.components.schemas.ErrorBody;
    expect(Object.keys(errorBody?.properties ?? {}).sort()).toEqual(
      ['code', 'details', 'limit', 'message', 'statusCode'].sort(),
    );
    expect(errorBody?.required?.sort()).toEqual(['code', 'message', 'statusCode']);
    const refused = await t.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(refused.statusCode).toBe(401);
    const keys = Object.keys(refused.json<Record<string, unknown>>());
    expect(keys.every((key) => key in (errorBody?.properties ?? {}))).toBe(true);
    // Nothing else in the document spells out an error shape of its own.
    const schemaIds = Object.keys(document.components.schemas);
    expect(schemaIds.filter((id) => /error/i.test(id) && id !== 'ErrorBody' && id !== 'ErrorCode')).toEqual(
      [],
    );
  });

  it('documents every error code the API sends, except those of undocumented routes', () => {
    const documented = new Set(
      Object.values(document.paths)
        .flatMap((operations) => Object.values(operations))
        .flatMap((operation) => Object.values(operation.responses))
        .flatMap((response) => response['x-error-codes'] ?? []),
    );
    // ROUTE_NOT_FOUND answers paths that do not exist, INVALID_SIGNATURE only the Stripe webhook,
    // FORBIDDEN only a framework 403 (the static files'), never a contract route.
    const undocumented = ERROR_CODES.filter((code) => !documented.has(code));
    expect(undocumented.sort()).toEqual(['FORBIDDEN', 'INVALID_SIGNATURE', 'ROUTE_NOT_FOUND']);
  });

  it('gives the downloads their real media types: CSV as text/csv', () => {
    const reviews = operationOf('exportReviewLog')?.responses['200']?.content ?? {};
    expect(Object.keys(reviews)).toEqual(['text/csv']);
    const dictionary = operationOf('exportDictionary')?.responses['200']?.content ?? {};
    expect(Object.keys(dictionary).sort()).toEqual(['application/apkg', 'application/json', 'text/csv']);
    expect(dictionary['application/apkg']?.schema).toMatchObject({ type: 'string' });
    expect(dictionary['application/json']?.schema).toEqual({ $ref: '#/components/schemas/DictionaryExport' });
    expect(Object.keys(operationOf('exportMe')?.responses['200']?.content ?? {})).toEqual([
      'application/json',
    ]);
  });

  it('refers to shared shapes as named components, and every reference resolves', () => {
    expect(operationOf('me')?.responses['200']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/User',
    });
    expect(operationOf('listDictionaries')?.responses['200']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/DictionaryList',
    });
    const text = JSON.stringify(document);
    const refs = new Set(
      [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1] ?? ''),
    );
    for (const id of refs) expect(document.components.schemas[id], id).toBeDefined();
    // And none that nothing refers to.
    for (const id of Object.keys(document.components.schemas)) expect(refs.has(id), id).toBe(true);
  });
});

/** The required query of the endpoints that have one, so that they get past validation. */
const BARE_QUERY: Partial<Record<EndpointName, string>> = { translate: '?fromLanguage=en&toLanguage=uk' };

/** A request to an endpoint with only its path (and required query) filled in, and no body. */
function bareRequestUrl(name: EndpointName): string {
  const path = contract[name].path.replace(/:(\w+)/g, (_, param: string) =>
    param === 'word'
      ? 'hello'
      : param === 'id' && name === 'checkoutSession'
        ? 'cs_test_unknown'
        : randomUUID(),
  );
  return `${API_PREFIX}${path}${BARE_QUERY[name] ?? ''}`;
}

describe(`the OpenAPI document against the running API (${testDriver})`, () => {
  async function expectDocumentedAnswer(name: EndpointName, cookie?: string) {
    const response = await t.app.inject({
      method: contract[name].method,
      url: bareRequestUrl(name),
      headers: cookie ? { cookie } : {},
      remoteAddress: uniqueClientAddress(),
    });
    const documented = operationOf(name)?.responses[String(response.statusCode)];
    expect(documented, `${name} answered ${response.statusCode} ${response.body}`).toBeDefined();
    if (response.statusCode >= 400 && !(name === 'health' && response.statusCode === 503)) {
      const code = response.json<{ code: string }>().code;
      expect(documented?.['x-error-codes'], `${name} ${response.statusCode}`).toContain(code);
    } else if (response.body.length > 0) {
      const type = String(response.headers['content-type']).split(';')[0] ?? '';
      expect(Object.keys(documented?.content ?? {}), `${name} ${type}`).toContain(type);
    } else {
      expect(documented?.content, name).toBeUndefined();
    }
  }

  it.each(names)('%s: answers an anonymous caller only as documented', async (name) => {
    await expectDocumentedAnswer(name);
  });

  it.each(names)('%s: answers a fresh guest only as documented', async (name) => {
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/auth/guest',
      payload: {},
      remoteAddress: uniqueClientAddress(),
    });
    await expectDocumentedAnswer(name, sessionCookie(guest));
  });
});
