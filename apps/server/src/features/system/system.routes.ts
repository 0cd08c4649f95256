import type { FastifyInstance } from 'fastify';
import { APP_VERSION } from '@wordhoard/shared';
import type { Database } from '../../db/database';
import { route } from '../../http/route';

export function registerSystemRoutes(app: FastifyInstance, deps: { database: Database }): void {
  route(app, 'health', async ({ reply }) => {
    const reachable = await deps.database.ping();
    // The contract's success status is 200; an unreachable database is the one exception.
    if (!reachable) reply.code(503);
    return { status: reachable ? 'ok' : 'unavailable', version: APP_VERSION };
  });
}
