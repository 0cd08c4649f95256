import type { FastifyInstance } from 'fastify';
import { currentCaller, currentSession } from '../../http/access';
import { route } from '../../http/route';
import type { UsersService } from './users.service';

export function registerUsersRoutes(
  app: FastifyInstance,
  deps: { users: UsersService; clock: () => Date },
): void {
  const { users, clock } = deps;
  route(app, 'me', ({ request }) => users.caller(currentCaller(request)));
  route(app, 'updateMe', ({ request, body }) => users.update(currentSession(request).userId, body));
  route(app, 'acceptPolicy', async ({ request }) => {
    await users.acceptPolicy(currentSession(request).userId, clock());
    return null;
  });
}
