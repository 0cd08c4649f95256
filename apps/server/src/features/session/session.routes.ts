import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config';
import { AppError } from '../../domain/errors';
import { route } from '../../http/route';
import type { AuthService } from '../auth/auth.service';
import { readDevice, setDeviceCookie } from '../auth/device.cookie';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session.cookie';
import type { SessionService } from './session.service';

export function registerSessionRoutes(
  app: FastifyInstance,
  deps: { config: Config; sessions: SessionService; auth: Pick<AuthService, 'rememberDevice'> },
): void {
  const { config, sessions, auth } = deps;

  route(app, 'checkToken', async ({ request }) => {
    const session = await sessions.resolve(readSessionToken(request, config));
    return { isValid: session !== undefined };
  });

  // Tabs refresh at once on start-up: only a stale current token is rotated, and the others
  // get 204 without a cookie and keep the one they have (docs/decisions/0015).
  // The device cookie is given again too: it lasts as long as the device is used, and a device
  // signed in before there were device cookies gets one (docs/decisions/0075).
  route(app, 'refreshToken', async ({ caller, request, reply }) => {
    const { sessionId, userId } = await caller.session();
    const token = readSessionToken(request, config);
    if (!token) throw new AppError('UNAUTHORIZED');
    const rotated = await sessions.refresh(sessionId, token);
    if (rotated) setSessionCookie(reply, config, rotated.token, rotated.expiresAt);
    setDeviceCookie(reply, config, await auth.rememberDevice(userId, readDevice(request, config)));
    return null;
  });

  route(app, 'deleteToken', async ({ request, reply }) => {
    await sessions.end(readSessionToken(request, config));
    clearSessionCookie(reply, config);
    return null;
  });
}
