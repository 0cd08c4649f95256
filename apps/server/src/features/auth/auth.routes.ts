import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { languageFromAcceptLanguage, type Language } from '@wordhoard/shared';
import type { Config } from '../../config/config';
import { route } from '../../http/route';
import { clearSessionCookie, setSessionCookie } from '../session/session.cookie';
import type { AuthService, SignedIn } from './auth.service';

/** A new account speaks the language the client asked for, else its Accept-Language. */
function languageOf(request: FastifyRequest, asked: Language | undefined): Language {
  return asked ?? languageFromAcceptLanguage(request.headers['accept-language']);
}

export function registerAuthRoutes(app: FastifyInstance, deps: { config: Config; auth: AuthService }): void {
  const { config, auth } = deps;
  const respond = (reply: FastifyReply, signedIn: SignedIn) => {
    setSessionCookie(reply, config, signedIn.session.token, signedIn.session.expiresAt);
    return { user: signedIn.user };
  };

  route(app, 'signup', async ({ body, request, reply }) =>
    respond(
      reply,
      await auth.signup({
        email: body.email,
        password: body.password,
        language: languageOf(request, body.interfaceLanguage),
        ip: request.ip,
      }),
    ),
  );

  route(app, 'login', async ({ body, request, reply }) =>
    respond(reply, await auth.login({ email: body.email, password: body.password, ip: request.ip })),
  );

  route(app, 'verify', async ({ caller, body }) => {
    await auth.verify(caller, body.code);
    return { verified: true as const };
  });

  route(app, 'resendVerification', async ({ caller, request }) => {
    await auth.resendVerification(caller, request.ip);
    return null;
  });

  route(app, 'restoreCode', async ({ body, request }) => {
    await auth.requestRestoreCode(body.email, request.ip);
    return null;
  });

  route(app, 'restore', async ({ body, request, reply }) =>
    respond(reply, await auth.restore({ email: body.email, code: body.code, ip: request.ip })),
  );

  route(app, 'changePassword', async ({ caller, body, reply }) => {
    const rotated = await auth.changePassword(caller, { password: body.password, confirmation: body });
    if (rotated) setSessionCookie(reply, config, rotated.token, rotated.expiresAt);
    return null;
  });

  route(app, 'google', async ({ body, request, reply }) =>
    respond(reply, await auth.google(body.credential, languageOf(request, body.interfaceLanguage))),
  );

  route(app, 'guest', async ({ body, request, reply }) =>
    respond(reply, await auth.guest(languageOf(request, body.interfaceLanguage), request.ip)),
  );

  route(app, 'guestSignup', async ({ caller, body, request }) => ({
    user: await auth.guestSignup(caller, {
      email: body.email,
      password: body.password,
      ip: request.ip,
    }),
  }));

  route(app, 'guestGoogle', async ({ caller, body }) => ({
    user: await auth.guestGoogle(caller, body.credential),
  }));

  route(app, 'deleteAccount', async ({ caller, body, reply }) => {
    await auth.deleteAccount(caller, body ?? {});
    clearSessionCookie(reply, config);
    return null;
  });
}
