/**
 * The one-query ceiling of `npm run bench` (issue 23): a bare Fastify route that runs one
 * prepared query by primary key and sends the row as JSON — the least any database-backed route
 * can cost on this machine, this database and this run. Every hot route is reported as a share
 * of it (besides the no-op baseline). No sessions, no validation, no logging: only the
 * unavoidable parts, so the distance to it is what our own code adds.
 *
 * Started by bench/run.ts as its own process, like the app server:
 *   DATABASE_URL=postgres://… CEILING_USER_ID=… PORT=… tsx bench/ceiling-server.ts
 *   DATA_DIR=…               CEILING_USER_ID=… PORT=… tsx bench/ceiling-server.ts   (PGlite)
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { PGLITE_EXTENSIONS } from '../apps/server/src/db/database';

const QUERY = 'select id, email, role, interface_language from users where id = $1';
/** The app's own pool size (apps/server/src/db/database.ts POOL_MAX), for a fair comparison. */
const POOL_MAX = 10;

type RunQuery = (userId: string) => Promise<unknown>;

async function openQuery(): Promise<{ run: RunQuery; close: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: POOL_MAX });
    return {
      // A named query: node-postgres prepares it once per connection, then only binds and executes.
      run: async (userId) =>
        (await pool.query<Record<string, unknown>>({ name: 'ceiling', text: QUERY, values: [userId] }))
          .rows[0],
      close: () => pool.end(),
    };
  }
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('DATABASE_URL or DATA_DIR is required');
  // The app's layout of the data directory (openPglite): the cluster lives in DATA_DIR/pg.
  const client = await PGlite.create({ dataDir: path.resolve(dataDir, 'pg'), extensions: PGLITE_EXTENSIONS });
  return {
    // PGlite runs parameterised queries through the extended protocol (parse, bind, execute).
    run: async (userId) => (await client.query(QUERY, [userId])).rows[0],
    close: () => client.close(),
  };
}

const userId = process.env.CEILING_USER_ID;
if (!userId) throw new Error('CEILING_USER_ID is required');
const database = await openQuery();
const app = Fastify({ logger: false });
app.get('/api/ceiling', async () => database.run(userId));
app.get('/api/health', async () => ({ ok: true }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3903) });

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
