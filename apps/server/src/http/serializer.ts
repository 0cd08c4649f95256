import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Response serialization compiled from the contract's zod schemas. Encoding every response
 * through zod and then JSON.stringify cost ~2.3× a compiled serializer on a page of 40 words
 * (docs/performance.md); fast-json-stringify, compiled once per route from the schema's JSON
 * Schema, writes only the contract's fields, so nothing a presenter forgot to drop can leak,
 * and it throws when a required field is missing. The handlers' return types are checked
 * against the same contract at compile time. A schema JSON Schema cannot express (a
 * transform) keeps zod's encoder.
 */
export const contractSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  let jsonSchema: Record<string, unknown>;
  try {
    jsonSchema = z.toJSONSchema(route.schema, { io: 'output', target: 'draft-7' });
  } catch {
    return zodSerializerCompiler(route);
  }
  return fastJsonStringify(jsonSchema) as (data: unknown) => string;
};
