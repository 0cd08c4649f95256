import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JsonText } from '../domain/json-text';
import { contractSerializerCompiler } from './serializer';

const compile = (schema: z.ZodType) =>
  contractSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('contract serializer', () => {
  const schema = z.object({
    id: z.string(),
    owner: z.object({ name: z.string() }).nullable(),
    range: z.union([
      z.object({ type: z.literal('quantity'), count: z.number() }),
      z.object({ type: z.literal('date'), period: z.string() }),
    ]),
  });

  it('writes only the contract’s fields, also inside nullable objects and unions', () => {
    const row = {
      id: 'a',
      passwordHash: 'secret',
      owner: { name: 'Ann', tokenHash: 'secret' },
      range: { type: 'date', period: 'lastDay', internal: 'secret' },
    };
    const json = compile(schema)(row);
    expect(JSON.parse(json)).toEqual({
      id: 'a',
      owner: { name: 'Ann' },
      range: { type: 'date', period: 'lastDay' },
    });
    expect(json).not.toContain('secret');
    expect(JSON.parse(compile(schema)({ ...row, owner: null })).owner).toBeNull();
  });

  it('refuses a response that lacks a required field', () => {
    expect(() => compile(schema)({ owner: null, range: { type: 'quantity', count: 1 } })).toThrow(/id/);
  });

  it('sends a JsonText body as its text, with the raw member spliced in', () => {
    const body = JsonText.withMember({ id: 'a', owner: null }, 'words', '[{"term":"Sag \\"hallo\\""}]');
    expect(compile(schema)(body)).toBe('{"id":"a","owner":null,"words":[{"term":"Sag \\"hallo\\""}]}');
    expect(JsonText.withMember({}, 'words', '[]').text).toBe('{"words":[]}');
  });
});
