import { Readable } from 'node:stream';
import { z } from 'zod';
import { StreamedArray, type Streamable } from '../domain/streamed';
import { serializerOf } from './serializer';

/** Bytes gathered before a chunk goes out: many small parts make one write. */
const CHUNK_BYTES = 64 * 1024;

/**
 * An answer written while it is sent (docs/decisions/0076-bounded-exports-and-late-reviews.md):
 * the route hands Fastify a Node stream that pulls the next chunk only when the client has
 * taken the last ones, so memory holds a page or two, never the document. `T` is the contract
 * type the bytes encode, for the type checker. Whatever can refuse the request (the session,
 * a 404) must be decided before one is made: once the first byte is out, a failure can only
 * cut the transfer short (the client sees an incomplete chunked body, never a whole file).
 */
export class StreamedBody<T> {
  /** Carries `T` for the type checker only. */
  declare readonly value: T;

  constructor(private readonly chunks: () => AsyncIterable<string | Uint8Array>) {}

  stream(): Readable {
    return Readable.from(coalesce(this.chunks()), { objectMode: false, highWaterMark: CHUNK_BYTES });
  }
}

/** Text (a CSV file) from its parts, in order. */
export function textBody(parts: () => AsyncIterable<string>): StreamedBody<string> {
  return new StreamedBody(parts);
}

/** Bytes (a zip) from its parts, in order. */
export function bytesBody(parts: () => AsyncIterable<Uint8Array>): StreamedBody<string> {
  return new StreamedBody(parts);
}

/**
 * The JSON of `value` by the contract's `schema`, as the route's serializer would write it
 * whole, byte for byte: each part goes through the compiled serializer of its own schema (only
 * the contract's fields, in the schema's order), and each `StreamedArray` is written a page at a
 * time.
 */
export function jsonBody<S extends z.ZodType>(
  schema: S,
  value: Streamable<z.output<S>>,
): StreamedBody<z.output<S>> {
  return new StreamedBody(() => jsonParts(schema, value));
}

async function* coalesce(parts: AsyncIterable<string | Uint8Array>): AsyncGenerator<string | Uint8Array> {
  let pending = '';
  for await (const part of parts) {
    if (typeof part === 'string') {
      pending += part;
      if (pending.length < CHUNK_BYTES) continue;
      yield pending;
      pending = '';
    } else {
      if (pending) yield pending;
      pending = '';
      yield part;
    }
  }
  if (pending) yield pending;
}

/** Whether `value` holds a streamed array anywhere (otherwise it is serialized in one go). */
function hasStreamed(value: unknown): boolean {
  if (value instanceof StreamedArray) return true;
  if (Array.isArray(value)) return value.some(hasStreamed);
  if (typeof value === 'object' && value !== null) return Object.values(value).some(hasStreamed);
  return false;
}

/** The schema inside optional, nullable and default wrappers, for a value that is there. */
function unwrap(schema: z.ZodType): z.ZodType {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault)
    inner = inner.unwrap() as z.ZodType;
  return inner;
}

export async function* jsonParts(schema: z.ZodType, value: unknown): AsyncGenerator<string> {
  if (!hasStreamed(value)) {
    yield serializerOf(schema)(value);
    return;
  }
  const shape = unwrap(schema);
  if (value instanceof StreamedArray || Array.isArray(value)) {
    if (!(shape instanceof z.ZodArray)) throw new Error('a streamed array where the contract has none');
    const element = shape.element as z.ZodType;
    const serialize = serializerOf(element);
    let first = true;
    yield '[';
    if (Array.isArray(value)) {
      for (const item of value) {
        if (!first) yield ',';
        first = false;
        yield* jsonParts(element, item);
      }
    } else {
      for await (const page of (value as StreamedArray<unknown>).pages()) {
        let text = '';
        // The elements of a streamed array are plain values: each is serialized whole.
        for (const item of page) {
          text += first ? serialize(item) : `,${serialize(item)}`;
          first = false;
        }
        yield text;
      }
    }
    yield ']';
    return;
  }
  if (!(shape instanceof z.ZodObject)) throw new Error('a streamed member where the contract has no object');
  const record = value as Record<string, unknown>;
  let separator = '{';
  for (const [key, member] of Object.entries<z.ZodType>(shape.shape)) {
    const memberValue = record[key];
    if (memberValue === undefined) {
      if (member.safeParse(undefined).success) continue;
      throw new Error(`"${key}" is required`);
    }
    yield `${separator}${JSON.stringify(key)}:`;
    separator = ',';
    yield* jsonParts(member, memberValue);
  }
  yield separator === '{' ? '{}' : '}';
}
