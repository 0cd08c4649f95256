import { and, gte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './database';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Keyset pages over rows ordered by (a timestamp, then the id): what the exports read a long
 * list with (docs/decisions/0076-bounded-exports-and-late-reviews.md). The cursor keeps the
 * time as exact text: the database stores microseconds (`now()`), a JS Date only milliseconds,
 * and a cursor rounded to them would skip or repeat rows.
 */
export interface TimeIdCursor<Id extends string | number> {
  /** The row's time as the database's exact text (microseconds). */
  at: string;
  id: Id;
}

/**
 * The column's value as the database writes it (`2025-01-01 00:00:01.000001+00`): exact, and
 * read back exactly by `::timestamptz`. The raw text, not a `to_char` of it, which cost PGlite
 * twice the time of the whole page query.
 */
export const exactTime = (column: PgColumn): SQL<string> => sql<string>`${column}`;

/**
 * Rows after the cursor in (time, id) order. The plain `time >=` bound lets an index on the time
 * start the scan at the cursor; the row comparison then leaves out what came before it.
 */
export function afterCursor<Id extends string | number>(
  time: PgColumn,
  id: PgColumn,
  cursor: TimeIdCursor<Id> | null,
  idType: 'uuid' | 'bigint',
): SQL | undefined {
  if (!cursor) return undefined;
  return and(
    gte(time, sql`${cursor.at}::timestamptz`),
    sql`(${time}, ${id}) > (${cursor.at}::timestamptz, ${cursor.id}::${sql.raw(idType)})`,
  );
}

/**
 * Runs a page's query where the planner may not sort, so that it walks the index in order and
 * stops after the page. A learner whose rows the statistics underestimate (one among millions,
 * not in the most common values, or whose rows came after the last ANALYZE: a burst of a
 * quarter of a million reviews) otherwise gets "fetch all the learner's rows after the cursor,
 * then sort them": every page then costs the whole rest of the log, and a million-row export
 * half a billion row reads. Measured on PostgreSQL 17: a page of 2,000 out of 200,000 rows took
 * 106 ms that way, 1.5 ms in index order.
 */
export function inIndexOrder<T>(db: Db, query: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    return query(tx);
  });
}
