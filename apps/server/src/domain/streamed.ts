import { setImmediate as yieldToRequests } from 'node:timers/promises';

/**
 * A list too long to hold in memory (a million reviews): read a page at a time while the
 * answer that carries it is written, and never whole (docs/decisions/0076-bounded-exports-and-late-reviews.md).
 * `pages` starts a new read each time it is called.
 */
export class StreamedArray<T> {
  constructor(readonly pages: () => AsyncIterable<readonly T[]>) {}

  /** The same list with each page mapped (rows to what the contract shows). */
  map<U>(convert: (page: readonly T[]) => readonly U[] | Promise<readonly U[]>): StreamedArray<U> {
    const { pages } = this;
    return new StreamedArray(async function* () {
      for await (const page of pages()) yield await convert(page);
    });
  }
}

/** A value of contract type `T` in which any array may be a `StreamedArray`. */
export type Streamable<T> = T extends string | number | boolean | null | undefined
  ? T
  : T extends readonly (infer E)[]
    ? readonly Streamable<E>[] | StreamedArray<Streamable<E>>
    : { [K in keyof T]: Streamable<T[K]> };

/**
 * Keyset pagination: `read(after)` returns up to `size` rows after the cursor (or the first
 * ones), in one fixed order; the next page starts after the last row's cursor. Unlike OFFSET,
 * each page costs the same however deep it is, and PGlite (which has no server-side cursors)
 * reads it the same way as PostgreSQL. The next page is asked for while this one is written
 * (two pages in memory at most), and other requests go first between pages.
 */
export async function* keysetPages<Row, Cursor>(
  size: number,
  read: (after: Cursor | null, size: number) => Promise<Row[]>,
  cursorOf: (row: Row) => Cursor,
): AsyncGenerator<Row[]> {
  let next: Promise<Row[]> | undefined = read(null, size);
  try {
    while (next) {
      const rows: Row[] = await next;
      next = undefined;
      const last = rows.at(-1);
      if (last === undefined) return;
      if (rows.length === size) next = read(cursorOf(last), size);
      yield rows;
      await yieldToRequests();
    }
  } finally {
    // Stopped early (the client went away): the page asked for ahead is not wanted.
    next?.catch(() => undefined);
  }
}
