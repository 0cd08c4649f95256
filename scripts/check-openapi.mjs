// Checks that the OpenAPI document (/api/docs/json) is valid OpenAPI 3.1 (the OpenAPI Initiative's
// schema through @seriousme/openapi-schema-validator, plus no 3.0 keyword; decision 0082) and one a
// client generator can use: it boots the app in-process on an empty in-memory database, generates TypeScript from the document with
// openapi-typescript and type-checks a small client against it — success and error bodies, a 204,
// the CSV export — and against the shared contract's own types, so the document cannot say
// something else than the code. Run by `npm run typecheck`. Output goes to
// node_modules/.cache/wordhoard-openapi (ignored by git). `--keep` leaves openapi.json there.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'node_modules/.cache/wordhoard-openapi');
const started = Date.now();

async function loadDocument() {
  const { buildApp } = await tsImport('../apps/server/src/app.ts', import.meta.url);
  const { loadConfig } = await tsImport('../apps/server/src/config/config.ts', import.meta.url);
  const { openPglite } = await tsImport('../apps/server/src/db/database.ts', import.meta.url);
  // The document needs no tables: nothing is queried while the routes are registered.
  const database = await openPglite({ migrate: false });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, logger: false, serveWeb: false });
  try {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    if (response.statusCode !== 200) throw new Error(`/api/docs/json answered ${response.statusCode}`);
    return response.json();
  } finally {
    await app.close();
    await database.close();
  }
}

/** A client written against the generated types; every line fails to compile if the document drifts. */
const CLIENT = `import type { EndpointName, ErrorBody, ResponseOf } from '@wordhoard/shared';
import type { components, operations, paths } from './api';

type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <T extends true>(value: T) => value;

// Success bodies are the contract's response types, both ways.
type Success<N extends EndpointName & keyof operations> = operations[N]['responses'] extends { 200: infer R }
  ? Json<R>
  : never;
same<Mutual<Success<'me'>, ResponseOf<'me'>>>(true);
same<Mutual<Success<'listDictionaries'>, ResponseOf<'listDictionaries'>>>(true);
same<Mutual<Success<'getDictionary'>, ResponseOf<'getDictionary'>>>(true);
same<Mutual<Success<'getTesting'>, ResponseOf<'getTesting'>>>(true);
same<Mutual<Success<'myProgress'>, ResponseOf<'myProgress'>>>(true);
same<Mutual<Json<operations['createDictionary']['responses'][201]>, ResponseOf<'createDictionary'>>>(true);
same<Mutual<Json<operations['fitScheduler']['responses'][202]>, ResponseOf<'fitScheduler'>>>(true);

// The paths are the addresses a client calls.
const list: Json<paths['/api/dictionaries']['get']['responses'][200]> = { data: [], total: 0, page: 1, limit: 20 };
const dictionaryId: paths['/api/dictionaries/{id}']['get']['parameters']['path'] = { id: 'an id' };

// Errors: one shape, the shared ErrorBody, at every documented error status.
same<Mutual<components['schemas']['ErrorBody'], ErrorBody>>(true);
const notFound: Json<paths['/api/dictionaries/{id}']['get']['responses'][404]> = {
  statusCode: 404,
  code: 'NOT_FOUND',
  message: 'Not found',
};
const unauthorized: Json<operations['me']['responses'][401]> = notFound;
const validation: Json<operations['createDictionary']['responses'][400]> = notFound;
const limited: Json<operations['translate']['responses'][429]> = notFound;
// @ts-expect-error a code the API never sends
const unknownCode: components['schemas']['ErrorBody'] = { statusCode: 400, code: 'NOPE', message: '' };

// A 204 has no body, and a non-JSON download has its own media type.
same<Mutual<operations['deleteDictionary']['responses'][204]['content'], undefined>>(true);
const csv: operations['exportReviewLog']['responses'][200]['content']['text/csv'] = 'card_id,review_time';
const csvDictionary: operations['exportDictionary']['responses'][200]['content']['text/csv'] = 'term,definition';
same<Mutual<Json<operations['exportDictionary']['responses'][200]>, Exclude<ResponseOf<'exportDictionary'>, string>>>(
  true,
);
// @ts-expect-error the review log is not JSON
type NoJsonReviewLog = operations['exportReviewLog']['responses'][200]['content']['application/json'];

export { list, dictionaryId, notFound, unauthorized, validation, limited, unknownCode, csv, csvDictionary };
export type { NoJsonReviewLog };
`;

const document = await loadDocument();
const { openApi31Problems } = await tsImport('../apps/server/test/openapi-valid.ts', import.meta.url);
const problems = await openApi31Problems(document);
if (problems.length > 0) {
  console.error(`check-openapi: /api/docs/json is not valid OpenAPI 3.1:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
if (process.argv.includes('--keep'))
  writeFileSync(path.join(out, 'openapi.json'), JSON.stringify(document, null, 2));
const ast = await openapiTS(document, { exportType: false });
writeFileSync(path.join(out, 'api.d.ts'), astToString(ast));
writeFileSync(path.join(out, 'client.ts'), CLIENT);
writeFileSync(
  path.join(out, 'tsconfig.json'),
  JSON.stringify({
    extends: path.join(root, 'tsconfig.base.json'),
    compilerOptions: { types: [], noUnusedLocals: false },
    files: ['api.d.ts', 'client.ts'],
  }),
);
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
try {
  execFileSync(process.execPath, [tsc, '-p', path.join(out, 'tsconfig.json')], { stdio: 'inherit' });
} catch {
  console.error(`check-openapi: the client generated from /api/docs/json does not type-check (see ${out})`);
  process.exit(1);
}
const operationCount = Object.values(document.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
console.log(
  `check-openapi: OpenAPI ${document.openapi} valid; ${Object.keys(document.paths).length} paths, ${operationCount} operations, ` +
    `${Object.keys(document.components.schemas).length} components; generated client type-checks ` +
    `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
