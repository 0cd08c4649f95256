import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE_NAME } from '@wordhoard/shared';
import type { Config } from '../../config/config';

/** On https the `__Host-` prefix pins the cookie to this host, path / and Secure. */
export function sessionCookieName(config: Config): string {
  return config.secureCookies ? `__Host-${SESSION_COOKIE_NAME}` : SESSION_COOKIE_NAME;
}

export function readSessionToken(request: FastifyRequest, config: Config): string | undefined {
  return request.cookies[sessionCookieName(config)];
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date): void {
  reply.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: '/',
  });
}
