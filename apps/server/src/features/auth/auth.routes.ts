import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { languageFromAcceptLanguage, type Language } from '@wordhoard/shared';
import type { Config } from '../../config/config';
import { route } from '../../http/route';
import { clearSessionCookie, setSessionCookie } from '../session/session.cookie';
import type { AuthService, Client, SignedIn } from './auth.service';
import { readDevice, setDeviceCookie } from './device.cookie';

/** A new account speaks the language the client asked for, else its Accept-Language. */
function languageOf(request: FastifyRequest, asked: Language | undefined): Language {
  return asked ?? languageFromAcceptLanguage(request.headers['accept-language']);
}

export function registerAuthRoutes(app: FastifyInstance, deps: { config: Config; auth: AuthService }): void {
  const { config, auth } = deps;
  const respond = (reply: FastifyReply, signedIn: SignedIn) => {
    setSessionCookie(reply, config, signedIn.session.token, signedIn.session.expiresAt);
    setDeviceCookie(reply, config, signedIn.device);
    return { user: signedIn.user };
  };
  /** The network address and the device cookie (decision 0075). */
  const clientOf = (request: FastifyRequest): Client => ({
    ip: request.ip,
    device: readDevice(request, config),
  });

  route(app, 'signup', async ({ body, request, reply }) =>
    respond(
      reply,
      await auth.signup({
        email: body.email,
        password: body.password,
        language: languageOf(request, body.interfaceLanguage),
        client: clientOf(request),
        inviteCode: body.inviteCode,
      }),
    ),
  );

  route(app, 'login', async ({ body, request, reply }) =>
    respond(
      reply,
      await auth.login({ email: body.email, password: body.password, client: clientOf(request) }),
    ),
  );

  route(app, 'verify', async ({ caller, body }) => {
    await auth.verify(caller, body.code);
    return { verified: true as const };
  });

  route(app, 'resendVerification', async ({ caller }) => {
    await auth.resendVerification(caller);
    return null;
  });

  route(app, 'restoreCode', async ({ body, request }) => {
    await auth.requestRestoreCode(body.email, clientOf(request));
    return null;
  });

  route(app, 'restore', async ({ body, request, reply }) =>
    respond(reply, await auth.restore({ email: body.email, code: body.code, client: clientOf(request) })),
  );

  route(app, 'changePassword', async ({ caller, body, request, reply }) => {
    const changed = await auth.changePassword(caller, {
      password: body.password,
      confirmation: body,
      device: readDevice(request, config),
    });
    if (changed.session) setSessionCookie(reply, config, changed.session.token, changed.session.expiresAt);
    setDeviceCookie(reply, config, changed.device);
    return null;
  });

  route(app, 'google', async ({ body, request, reply }) =>
    respond(
      reply,
      await auth.google(
        body.credential,
        languageOf(request, body.interfaceLanguage),
        readDevice(request, config),
        body.inviteCode,
      ),
    ),
  );

  route(app, 'guest', async ({ body, request, reply }) =>
    respond(reply, await auth.guest(languageOf(request, body.interfaceLanguage), clientOf(request))),
  );

  route(app, 'guestSignup', async ({ caller, body, request, reply }) => {
    const { user, device } = await auth.guestSignup(caller, {
      email: body.email,
      password: body.password,
      client: clientOf(request),
      inviteCode: body.inviteCode,
    });
    setDeviceCookie(reply, config, device);
    return { user };
  });

  route(app, 'guestGoogle', async ({ caller, body }) => ({
    user: await auth.guestGoogle(caller, body.credential, body.inviteCode),
  }));

  route(app, 'deleteAccount', async ({ caller, body, reply }) => {
    await auth.deleteAccount(caller, body ?? {});
    clearSessionCookie(reply, config);
    return null;
  });
}
