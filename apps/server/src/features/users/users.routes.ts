import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { UsersService } from './users.service';

export function registerUsersRoutes(
  app: FastifyInstance,
  deps: { users: UsersService; clock: () => Date },
): void {
  const { users, clock } = deps;
  route(app, 'me', ({ caller }) => users.me(caller));
  route(app, 'updateMe', ({ caller, body }) => users.update(caller, body));
  route(app, 'myProgress', ({ caller }) => users.progress(caller));
  route(app, 'acceptPolicy', async ({ caller }) => {
    await users.acceptPolicy(caller, clock());
    return null;
  });
}
