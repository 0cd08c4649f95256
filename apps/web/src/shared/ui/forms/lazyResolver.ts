import type { FieldValues, Resolver } from 'react-hook-form';

export interface LazyResolver<T extends FieldValues> extends Resolver<T> {
  /** Starts loading the real resolver (from the form's first focus): nothing waits on it. */
  preload: () => void;
}

/**
 * A form resolver whose schema, and zod with it, loads when the learner starts on the form
 * instead of before the screen's first render: a public screen (the login page is one
 * Lighthouse measures) paints ~38 KB gzip sooner. A submit before the load finished waits for
 * it; a failed load (the network dropped) is tried again on the next validation.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): LazyResolver<T> {
  let loading: Promise<Resolver<T>> | undefined;
  const loaded = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const resolver = (async (values, context, options) =>
    (await loaded())(values, context, options)) as LazyResolver<T>;
  resolver.preload = () => {
    // A failure here is reported by the validation that needs the resolver.
    loaded().catch(() => undefined);
  };
  return resolver;
}
