import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACTIVE_ROLES, contract, type Role } from '@wordhoard/shared';
import type { Config } from '../config/config';
import { readSessionToken } from '../features/session/session.cookie';
import type { SessionRecord } from '../features/session/session.repository';
import type { SessionService } from '../features/session/session.service';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session, set for every route whose contract access is not `public`. */
    session: SessionRecord | null;
  }
}

const ACTIVE = new Set<Role>(ACTIVE_ROLES);

/** The signed-in caller of a non-public route (the access hook guarantees it is there). */
export function currentSession(request: FastifyRequest): SessionRecord {
  if (!request.session) throw new AppError(401, 'UNAUTHORIZED');
  return request.session;
}

/**
 * Enforces each route's contract `access` and `roles` before its handler runs, so no handler
 * can forget to. `member` routes need a finished sign-up (DESIGN §4).
 */
export function registerAccessControl(app: FastifyInstance, config: Config, sessions: SessionService): void {
  app.decorateRequest('session', null);
  app.addHook('preHandler', async (request) => {
    const name = request.routeOptions.config.endpoint;
    if (!name) return;
    const endpoint = contract[name];
    if (endpoint.access === 'public') return;
    const session = await sessions.resolve(readSessionToken(request, config));
    if (!session) throw new AppError(401, 'UNAUTHORIZED');
    request.session = session;
    if (endpoint.access === 'member' && !ACTIVE.has(session.role))
      throw new AppError(403, 'ROLE_NOT_ALLOWED');
    if ('roles' in endpoint && !(endpoint.roles as readonly Role[]).includes(session.role)) {
      throw new AppError(403, 'ROLE_NOT_ALLOWED');
    }
  });
}
