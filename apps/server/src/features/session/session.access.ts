import type { FastifyInstance } from 'fastify';
import { ACTIVE_ROLES, contract, type EndpointName, type Role } from '@wordhoard/shared';
import type { Config } from '../../config/config';
import type { Caller, CallerSession } from '../../domain/caller';
import { AppError } from '../../domain/errors';
import { readSessionToken } from './session.cookie';
import type { SessionService } from './session.service';

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
function checkRole(name: EndpointName, session: CallerSession): void {
  const endpoint = contract[name];
  if (endpoint.access === 'member' && !ACTIVE.has(session.role)) throw new AppError('ROLE_NOT_ALLOWED');
  if ('roles' in endpoint && !(endpoint.roles as readonly Role[]).includes(session.role)) {
    throw new AppError('ROLE_NOT_ALLOWED');
  }
}

/** The Caller of one request (domain/caller.ts), checked against its endpoint's contract. */
class RequestCaller implements Caller {
  admitted: CallerSession | undefined;

  constructor(
    private readonly endpoint: EndpointName,
    private readonly token: string,
    private readonly sessions: SessionService,
    readonly params: { tokenHash: string; now: Date },
  ) {}

  async admit(found: CallerSession | null | undefined): Promise<CallerSession> {
    if (this.admitted) return this.admitted;
    const session = this.accept(found);
    await this.sessions.slide(session, this.params.now);
    return session;
  }

  async session(): Promise<CallerSession> {
    return this.admitted ?? this.accept(await this.sessions.resolve(this.token));
  }

  accept(found: CallerSession | null | undefined): CallerSession {
    if (!found) throw new AppError('UNAUTHORIZED');
    checkRole(this.endpoint, found);
    this.admitted = found;
    return found;
  }
}

/**
 * Enforces each route's contract `access` and `roles` before its handler runs, so no handler
 * can forget to, and gives the request its Caller. `member` routes need a finished sign-up
 * (DESIGN §4). The routes in SESSION_IN_QUERY get a Caller still to be admitted by their own
 * query; every other route's session is looked up and checked here.
 */
export function registerAccessControl(app: FastifyInstance, config: Config, sessions: SessionService): void {
  app.decorateRequest('caller', null);
  app.addHook('preHandler', async (request) => {
    const name = request.routeOptions.config.endpoint;
    if (!name) return;
    if (contract[name].access === 'public') return;
    const token = readSessionToken(request, config);
    if (!token) throw new AppError('UNAUTHORIZED');
    request.caller = await callerOf(name, token, sessions);
  });
}

/**
 * The Caller of a request to `name` presenting `token`: checked here, or still to be admitted
 * by the route's own query (SESSION_IN_QUERY). Also what bench/floor-server.ts acts as.
 */
export async function callerOf(name: EndpointName, token: string, sessions: SessionService): Promise<Caller> {
  const caller = new RequestCaller(name, token, sessions, sessions.probe(token));
  if (!SESSION_IN_QUERY.has(name)) caller.accept(await sessions.resolve(token));
  return caller;
}
