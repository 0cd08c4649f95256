import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACTIVE_ROLES, contract, type EndpointName, type Role } from '@wordhoard/shared';
import type { Config } from '../config/config';
import type { Caller } from '../features/session/caller';
import { readSessionToken } from '../features/session/session.cookie';
import type { SessionRecord } from '../features/session/session.repository';
import type { SessionService } from '../features/session/session.service';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session, set for every route whose contract access is not `public`… */
    session: SessionRecord | null;
    /** …except the routes in SESSION_IN_QUERY, which get this instead. */
    caller: RequestCaller | null;
  }
}

/**
 * Hot routes whose own query checks the session (docs/decisions/0014-session-in-query.md):
 * one round trip to the database instead of two. Their services must `admit` the session the
 * query found before using its data; the route answers 401 if they do not (http/route.ts).
 */
export const SESSION_IN_QUERY: ReadonlySet<EndpointName> = new Set<EndpointName>([
  'me',
  'listDictionaries',
  'getDictionary',
  'getTesting',
  'answer',
  'skip',
]);

const ACTIVE = new Set<Role>(ACTIVE_ROLES);

/** The endpoint's contract `access` and `roles`, for a caller whose session is live. */
function checkRole(name: EndpointName, session: SessionRecord): void {
  const endpoint = contract[name];
  if (endpoint.access === 'member' && !ACTIVE.has(session.role)) throw new AppError(403, 'ROLE_NOT_ALLOWED');
  if ('roles' in endpoint && !(endpoint.roles as readonly Role[]).includes(session.role)) {
    throw new AppError(403, 'ROLE_NOT_ALLOWED');
  }
}

export class RequestCaller implements Caller {
  /** The session once admitted; a route whose handler ends without one answers 401. */
  admitted: SessionRecord | undefined;

  constructor(
    private readonly endpoint: EndpointName,
    private readonly token: string,
    private readonly sessions: SessionService,
    readonly params: { tokenHash: string; now: Date },
  ) {}

  async admit(found: SessionRecord | null | undefined): Promise<SessionRecord> {
    if (this.admitted) return this.admitted;
    const session = this.accept(found);
    await this.sessions.slide(session, this.params.now);
    return session;
  }

  async lookUp(): Promise<SessionRecord> {
    return this.admitted ?? this.accept(await this.sessions.resolve(this.token));
  }

  private accept(found: SessionRecord | null | undefined): SessionRecord {
    if (!found) throw new AppError(401, 'UNAUTHORIZED');
    checkRole(this.endpoint, found);
    this.admitted = found;
    return found;
  }
}

/** The signed-in caller of a non-public route (the access hook guarantees it is there). */
export function currentSession(request: FastifyRequest): SessionRecord {
  const session = request.session ?? request.caller?.admitted;
  if (!session) throw new AppError(401, 'UNAUTHORIZED');
  return session;
}

/** The caller of a route in SESSION_IN_QUERY, for its service to check with its own query. */
export function currentCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError(401, 'UNAUTHORIZED');
  return request.caller;
}

/**
 * Enforces each route's contract `access` and `roles` before its handler runs, so no handler
 * can forget to. `member` routes need a finished sign-up (DESIGN §4).
 */
export function registerAccessControl(app: FastifyInstance, config: Config, sessions: SessionService): void {
  app.decorateRequest('session', null);
  app.decorateRequest('caller', null);
  app.addHook('preHandler', async (request) => {
    const name = request.routeOptions.config.endpoint;
    if (!name) return;
    if (contract[name].access === 'public') return;
    const token = readSessionToken(request, config);
    if (SESSION_IN_QUERY.has(name)) {
      if (!token) throw new AppError(401, 'UNAUTHORIZED');
      request.caller = new RequestCaller(name, token, sessions, sessions.probe(token));
      return;
    }
    const session = await sessions.resolve(token);
    if (!session) throw new AppError(401, 'UNAUTHORIZED');
    request.session = session;
    checkRole(name, session);
  });
}
