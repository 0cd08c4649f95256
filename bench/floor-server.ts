/**
 * The routes' floor in `npm run bench` (issue 23): the hot routes' own services — the same
 * session checks, statements, grading and scheduling as the app — behind a bare Fastify route,
 * without the app's HTTP layer (its hooks, contract serializer, security headers, cookie plugin,
 * rate limits, logging). Between the one-query ceiling (bench/ceiling-server.ts) and the app:
 *
 * - ceiling → floor is what a route's own work costs (its statements, the session check in them,
 *   the rows mapped, the service's logic): the part no HTTP layer could remove;
 * - floor → app is what the app's HTTP layer adds.
 *
 * A route whose floor is already below its target share of the ceiling cannot meet that target
 * whatever the HTTP layer does. Same paths and cookies as the app, so the bench's scenarios run
 * against it unchanged. Started by bench/run.ts with the app server's environment.
 */
import Fastify, { type FastifyRequest } from 'fastify';
import { contract, type EndpointName } from '@wordhoard/shared';
import { loadConfig } from '../apps/server/src/config/config';
import { openPglite, openPostgres } from '../apps/server/src/db/database';
import { JsonText } from '../apps/server/src/domain/json-text';
import type { Caller } from '../apps/server/src/domain/caller';
import { callerOf } from '../apps/server/src/features/session/session.access';
import { sessionCookieName } from '../apps/server/src/features/session/session.cookie';
import { createServices } from '../apps/server/src/services';
// The app's augmentations of Fastify's types (request.caller, request.cookies), which the
// session module relies on and the app's own entry brings in.
import type {} from '../apps/server/src/http/route';
import type {} from '@fastify/cookie';

const config = loadConfig(process.env);
const database =
  config.database.driver === 'postgres'
    ? await openPostgres(config.database.url, { migrate: false })
    : await openPglite({ dataDir: config.database.dataDir });
const app = Fastify({ logger: false });
const services = createServices({ config, database, clock: () => new Date(), log: app.log });

interface Input {
  caller: Caller;
  params: unknown;
  query: unknown;
  body: unknown;
}

/** The hot routes, each calling its service exactly as its route handler does. */
const HOT: Partial<Record<EndpointName, (input: Input) => Promise<unknown>>> = {
  me: ({ caller }) => services.users.me(caller),
  listDictionaries: ({ caller, query }) => services.dictionaries.list(caller, query as never),
  getDictionary: ({ caller, params, query }) =>
    services.dictionaries.get(caller, (params as { id: string }).id, query as never),
  getTesting: ({ caller }) => services.testing.state(caller),
  answer: ({ caller, body }) => services.testing.answer(caller, body as never),
};

// The app's cookie name (`__Host-` on https), read without the cookie plugin.
const COOKIE = new RegExp(`(?:^|;\\s*)${sessionCookieName(config)}=([^;]*)`);

function token(request: FastifyRequest): string {
  const found = COOKIE.exec(request.headers.cookie ?? '')?.[1];
  if (!found) throw new Error('no session cookie');
  return decodeURIComponent(found);
}

for (const [name, call] of Object.entries(HOT) as [EndpointName, (input: Input) => Promise<unknown>][]) {
  const endpoint = contract[name];
  app.route({
    method: endpoint.method,
    url: `/api${endpoint.path}`,
    handler: async (request, reply) => {
      // The contract's own parsing of what the client sent: part of a route's unavoidable work.
      const result = await call({
        caller: await callerOf(name, token(request), services.sessions),
        params: 'params' in endpoint ? endpoint.params.parse(request.params) : undefined,
        query: 'query' in endpoint ? endpoint.query.parse(request.query) : undefined,
        body: 'body' in endpoint ? endpoint.body.parse(request.body) : undefined,
      });
      reply.code(endpoint.status).type('application/json; charset=utf-8');
      return result instanceof JsonText ? result.text : JSON.stringify(result);
    },
  });
}
app.get('/api/health', async () => ({ ok: true }));
await app.listen({ host: '127.0.0.1', port: config.port });

const stop = async () => {
  await app.close();
  await services.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
