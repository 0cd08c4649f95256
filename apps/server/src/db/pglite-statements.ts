import { parse, protocol, type PGlite } from '@electric-sql/pglite';

/**
 * Named prepared statements for PGlite, keyed by query text, as node-postgres keeps them per
 * connection for our named queries (db/prepared.ts). PGlite's own `query` parses and plans every
 * statement again on each call (an unnamed statement); for the hot reads that is most of their
 * cost: a dictionary page took 1,760 µs of CPU per call that way and 735 µs prepared (the plan
 * alone 0.73 ms of WASM; docs/performance.md). A text becomes a statement once it has been run
 * twice, so one-off texts (a batch insert of N rows) never take a slot, and at most
 * `MAX_STATEMENTS` are kept: past that, new texts run unnamed as before.
 *
 * The messages are the ones PGlite's own `query` sends (parse, describe, bind, describe, execute,
 * sync), under the same two locks, with the statement named and parsed once. Errors are the
 * same DatabaseError; a Sync always follows, so a failed statement never leaves the connection
 * in the middle of an extended query. PGlite's docs describe `execProtocol` for this
 * (https://pglite.dev/docs/api#execprotocol); the locks are its internal `_runExclusive*`, pinned
 * by the version in package.json and covered by db/pglite-statements.pglite.test.ts.
 */
const MAX_STATEMENTS = 200;
/** Texts run once, remembered to spot a second run; forgotten all at once past this many. */
const MAX_SEEN = 2_000;

interface Statement {
  name: string;
  /** The parameters' type OIDs, from describing the statement: which serializer each value takes. */
  paramTypes: number[];
}

interface PgliteInternals {
  _runExclusiveQuery<T>(run: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(run: () => Promise<T>): Promise<T>;
  _checkReady(): Promise<void>;
  serializers: Record<number, (value: unknown) => string>;
  parsers: Parameters<typeof parse.parseResults>[1];
}

type QueryOptions = Parameters<PGlite['query']>[2];

export function cacheStatements(client: PGlite): void {
  const internals = client as unknown as PGlite & PgliteInternals;
  const unnamed = client.query.bind(client);
  const statements = new Map<string, Statement>();
  const seen = new Set<string>();

  const send = async (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  async function runNamed(text: string, params: unknown[], options: QueryOptions) {
    const messages: Awaited<ReturnType<typeof send>> = [];
    try {
      let statement = statements.get(text);
      if (!statement) {
        const name = `wh_${statements.size + 1}`;
        messages.push(...(await send(protocol.serialize.parse({ name, text, types: [] }))));
        const described = await send(protocol.serialize.describe({ type: 'S', name }));
        statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
        statements.set(text, statement);
      }
      const { paramTypes } = statement;
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const type = paramTypes[index] ?? 0;
        const serialize = options?.serializers?.[type] ?? internals.serializers[type];
        if (serialize) return serialize(value);
        // PGlite's own query falls back to toString; an object with no serializer goes as JSON.
        if (typeof value === 'string') return value;
        if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
          return value.toString();
        }
        return JSON.stringify(value);
      });
      messages.push(...(await send(protocol.serialize.bind({ statement: statement.name, values }))));
      messages.push(...(await send(protocol.serialize.describe({ type: 'P' }))));
      messages.push(...(await send(protocol.serialize.execute({}))));
    } finally {
      messages.push(...(await send(protocol.serialize.sync())));
    }
    // Durable like PGlite's own query: the data directory is written after each statement
    // (PGlite skips it inside a transaction; these run outside any).
    await client.syncToFs();
    const [result] = parse.parseResults(messages, internals.parsers, options);
    if (!result) throw new Error('a prepared statement returned no result');
    return result;
  }

  client.query = (async (text: string, params: unknown[] = [], options?: QueryOptions) => {
    // A query carrying a file (COPY through /dev/blob) always goes PGlite's own way.
    if (options?.blob) return unnamed(text, params, options);
    if (!statements.has(text)) {
      const room = statements.size < MAX_STATEMENTS;
      if (!room || !seen.has(text)) {
        if (room) {
          if (seen.size >= MAX_SEEN) seen.clear();
          seen.add(text);
        }
        return unnamed(text, params, options);
      }
      seen.delete(text);
    }
    await internals._checkReady();
    return internals._runExclusiveTransaction(() =>
      internals._runExclusiveQuery(() => runNamed(text, params, options)),
    );
  }) as PGlite['query'];
}
