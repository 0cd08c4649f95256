import type { FieldValues, Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { lazyResolver } from './lazyResolver';

type Values = { email: string };
const OPTIONS = { fields: {}, shouldUseNativeValidation: false } as Parameters<Resolver<Values>>[2];

/** A real resolver that refuses an empty address, and how often it was loaded. */
function loader(failures = 0) {
  const calls = { loads: 0 };
  const resolver: Resolver<Values> = (values) =>
    values.email === ''
      ? { values: {}, errors: { email: { type: 'required', message: 'Required' } } }
      : { values, errors: {} as Record<string, never> };
  const load = async (): Promise<Resolver<Values>> => {
    calls.loads += 1;
    if (calls.loads <= failures) throw new Error('offline');
    return resolver;
  };
  return { calls, load };
}

describe('lazyResolver', () => {
  it('validates with the loaded resolver, loading it once for validations at the same time', async () => {
    const { calls, load } = loader();
    const resolver = lazyResolver<Values>(load);
    const [empty, filled] = await Promise.all([
      resolver({ email: '' }, undefined, OPTIONS),
      resolver({ email: 'a@b.c' }, undefined, OPTIONS),
    ]);
    expect(empty.errors).toMatchObject({ email: { message: 'Required' } });
    expect(filled).toEqual({ values: { email: 'a@b.c' }, errors: {} });
    await resolver({ email: '' }, undefined, OPTIONS);
    expect(calls.loads).toBe(1);
  });

  it('starts loading on preload, and the next validation uses that load', async () => {
    const { calls, load } = loader();
    const resolver = lazyResolver<Values>(load);
    expect(calls.loads).toBe(0);
    resolver.preload();
    expect(calls.loads).toBe(1);
    await resolver({ email: 'a@b.c' }, undefined, OPTIONS);
    expect(calls.loads).toBe(1);
  });

  it('loads again after a failed load instead of failing every later validation', async () => {
    const { calls, load } = loader(1);
    const resolver = lazyResolver<FieldValues & Values>(load);
    resolver.preload();
    await expect(resolver({ email: '' }, undefined, OPTIONS)).rejects.toThrow('offline');
    const result = await resolver({ email: '' }, undefined, OPTIONS);
    expect(result.errors).toMatchObject({ email: { message: 'Required' } });
    expect(calls.loads).toBe(2);
  });
});
