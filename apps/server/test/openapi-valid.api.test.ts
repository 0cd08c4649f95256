import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDriver, type TestApp } from './harness';
import { openApi31Problems } from './openapi-valid';

type Document = Record<string, unknown> & {
  openapi: string;
  info: { version: string; license: { name: string; identifier: string } };
  paths: Record<string, Record<string, { responses: Record<string, Record<string, unknown>> }>>;
  components: { schemas: Record<string, Record<string, unknown>> };
};

/** The version, read from the root package.json here rather than through the code under test. */
const rootVersion = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

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

describe(`the OpenAPI document (${testDriver})`, () => {
  it('is valid OpenAPI 3.1 and names the package.json version and the licence', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(rootVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(document.info.version).toBe(rootVersion);
    expect(document.info.license).toEqual({ name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' });
    expect(await openApi31Problems(document)).toEqual([]);
  });

  it('writes a null as a JSON Schema type, not as 3.0’s nullable', () => {
    // UserSubscription.expiresAt is `isoDate | null` in the contract.
    const text = JSON.stringify(document);
    expect(text).not.toContain('"nullable"');
    expect(text).toContain('{"type":"null"}');
  });

  it('fails the validator when broken', async () => {
    // A response without its required description: the OpenAPI 3.1 schema itself refuses it.
    const broken = structuredClone(document);
    const health = broken.paths['/api/health']?.get;
    if (!health) throw new Error('no /api/health in the document');
    delete health.responses['200']?.description;
    expect((await openApi31Problems(broken)).join('\n')).toMatch(/description/);

    // No info at all.
    const { info: _info, ...noInfo } = structuredClone(document);
    expect(await openApi31Problems(noInfo)).not.toEqual([]);

    // A 3.0 document, and a 3.0 keyword left in a 3.1 one.
    expect((await openApi31Problems({ ...structuredClone(document), openapi: '3.0.3' })).join('\n')).toMatch(
      /not 3\.1/,
    );
    const nullable = structuredClone(document);
    nullable.components.schemas.Extra = { type: 'string', nullable: true };
    expect(await openApi31Problems(nullable)).toEqual([
      "/components/schemas/Extra/nullable: OpenAPI 3.0 only; 3.1 writes type: [..., 'null']",
    ]);
  });
});
