import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JsonText } from '../domain/json-text';

/**
 * Response serialization compiled from the contract's zod schemas. Encoding every response
 * through zod and then JSON.stringify cost ~2.3× a compiled serializer on a page of 40 words
 * (docs/performance.md); fast-json-stringify, compiled once per route from the schema's JSON
 * Schema, writes only the contract's fields, so nothing a presenter forgot to drop can leak,
 * and it throws when a required field is missing. The handlers' return types are checked
 * against the same contract at compile time. A schema JSON Schema cannot express (a
 * transform) keeps zod's encoder. A `JsonText` body is the exception: JSON text written by the
 * database for the contract's type, sent as it is.
 */
export const contractSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const serialize = serializerOf(route.schema, () => zodSerializerCompiler(route));
  // A body the database wrote as JSON already goes out as it is (domain/json-text.ts).
  return (data) => (data instanceof JsonText ? data.text : serialize(data));
};

const compiled = new WeakMap<z.ZodType, (data: unknown) => string>();

/**
 * The serializer of one contract schema, compiled once: what the routes use, and what a
 * streamed answer (http/streamed-body.ts) writes each part of the contract's type with.
 */
export function serializerOf(
  schema: z.ZodType,
  fallback: () => (data: unknown) => string = () =>
    zodSerializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' }),
): (data: unknown) => string {
  const known = compiled.get(schema);
  if (known) return known;
  let serialize: (data: unknown) => string;
  try {
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' });
    serialize = fastJsonStringify(openObjects(jsonSchema) as never) as (data: unknown) => string;
  } catch {
    serialize = fallback();
  }
  compiled.set(schema, serialize);
  return serialize;
}

/**
 * zod's output JSON Schema closes every object (`additionalProperties: false`). The serializer
 * writes only declared properties anyway, but inside `anyOf` (a nullable object, a union) it
 * picks the branch by validating the value, and a closed object would reject a row that
 * carries more fields than the contract shows (it is exactly those that must be dropped).
 */
function openObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openObjects);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, openObjects(value)]),
  );
}
