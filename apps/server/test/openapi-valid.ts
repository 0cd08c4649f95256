import { Validator } from '@seriousme/openapi-schema-validator';

/**
 * Whether a document is valid OpenAPI 3.1: the OpenAPI Initiative's 3.1 schema (through
 * @seriousme/openapi-schema-validator, which bundles it: no network), a 3.1.x version, and no
 * keyword of 3.0's schema dialect. The 3.1 schema leaves Schema Objects to JSON Schema 2020-12,
 * where an unknown keyword such as `nullable` is allowed and silently means nothing, so a
 * generator falling back to 3.0 output would pass it: those are looked for here
 * (docs/decisions/0082-releases.md). Used by scripts/check-openapi.mjs and openapi-valid.test.ts.
 */
export async function openApi31Problems(document: Record<string, unknown>): Promise<string[]> {
  const problems: string[] = [];
  if (typeof document.openapi !== 'string' || !/^3\.1\.\d+$/.test(document.openapi)) {
    problems.push(`openapi is ${JSON.stringify(document.openapi)}, not 3.1.x`);
  }
  const result = await new Validator().validate(structuredClone(document));
  if (!result.valid) {
    const errors = typeof result.errors === 'string' ? [result.errors] : (result.errors ?? []);
    for (const error of errors.slice(0, 20)) {
      problems.push(
        typeof error === 'string' ? error : `${error.instancePath || '/'}: ${error.message ?? ''}`,
      );
    }
  }
  walk(document, '', problems);
  return problems;
}

/** OpenAPI 3.0 schema keywords that 3.1 dropped (`nullable`) or changed to numbers (the exclusive bounds). */
function walk(value: unknown, at: string, problems: string[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => walk(item, `${at}/${index}`, problems));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    if (key === 'nullable') problems.push(`${at}/nullable: OpenAPI 3.0 only; 3.1 writes type: [..., 'null']`);
    if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof child === 'boolean') {
      problems.push(`${at}/${key}: a boolean is OpenAPI 3.0; 3.1 takes the bound itself`);
    }
    walk(child, `${at}/${key}`, problems);
  }
}
