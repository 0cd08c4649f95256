import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config';
import { AppError } from '../../domain/errors';
import { route } from '../../http/route';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session.cookie';
import type { SessionService } from './session.service';

export function registerSessionRoutes(
  app: FastifyInstance,
  deps: { config: Config; sessions: SessionService },
): void {
  const { config, sessions } = deps;

  route(app, 'checkToken', async ({ request }) => {
    const session = await sessions.resolve(readSessionToken(request, config));
    return { isValid: session !== undefined };
  });

  // Tabs refresh at once on start-up: only a stale current token is rotated, and the others
  // get 204 without a cookie and keep the one they have (docs/decisions/0015).
  route(app, 'refreshToken', async ({ caller, request, reply }) => {
    const { sessionId } = await caller.session();
    const token = readSessionToken(request, config);
    if (!token) throw new AppError('UNAUTHORIZED');
    const rotated = await sessions.refresh(sessionId, token);
    if (rotated) setSessionCookie(reply, config, rotated.token, rotated.expiresAt);
    return null;
  });

  route(app, 'deleteToken', async ({ request, reply }) => {
    await sessions.end(readSessionToken(request, config));
    clearSessionCookie(reply, config);
    return null;
  });
}
