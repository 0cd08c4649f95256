/**
 * Builds each hot query once per repository and reuses it. Drizzle rebuilds the SQL string of
 * an ordinary query on every call, which the profiler showed to be the largest share of a
 * simple authenticated read (docs/performance.md); a prepared query is built once, and on
 * PostgreSQL it is also parsed and planned once per connection (a named statement).
 *
 * Queries whose shape varies (sort column, direction, with or without a search) are prepared
 * per variant: the key names the variant, and there are only a handful of them.
 */
export class PreparedQueries {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly prefix: string) {}

  get<T>(variant: string, build: (statementName: string) => T): T {
    let prepared = this.cache.get(variant) as T | undefined;
    if (prepared === undefined) {
      prepared = build(`${this.prefix}_${variant}`);
      this.cache.set(variant, prepared);
    }
    return prepared;
  }
}
