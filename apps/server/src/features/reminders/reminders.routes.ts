import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import { UNSUBSCRIBE_PAGE_PATH, type RemindersService } from './reminders.service';

/**
 * The one-click unsubscribe of reminder mails (RFC 8058). The POST, with the mail's token,
 * turns e-mail reminders off; mail clients send it as `List-Unsubscribe=One-Click` form data,
 * so that body is accepted and ignored. A GET of the same address (a person clicking, or a
 * mail scanner following links) changes nothing: it leads to a page that asks first.
 */
export function registerRemindersRoutes(app: FastifyInstance, deps: { reminders: RemindersService }): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, undefined),
    );
    route(scope, 'unsubscribeReminders', async ({ query }) => {
      await deps.reminders.unsubscribe(query.token);
      return null;
    });
    scope.get<{ Querystring: { token?: string } }>(
      '/reminders/unsubscribe',
      { schema: { hide: true } },
      async (request, reply) => {
        const token = typeof request.query.token === 'string' ? request.query.token : '';
        return reply.redirect(`${UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(token)}`, 303);
      },
    );
  });
}
