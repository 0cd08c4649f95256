import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config';
import { currentSession } from '../../http/access';
import { AppError } from '../../http/errors';
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

  route(app, 'refreshToken', async ({ request, reply }) => {
    const rotated = await sessions.rotate(currentSession(request).sessionId);
    if (!rotated) throw new AppError(401, 'UNAUTHORIZED');
    setSessionCookie(reply, config, rotated.token, rotated.expiresAt);
    return null;
  });

  route(app, 'deleteToken', async ({ request, reply }) => {
    await sessions.end(readSessionToken(request, config));
    clearSessionCookie(reply, config);
    return null;
  });
}
