import { DEFAULT_SORTING_CONFIGS, SESSION_COOKIE_NAME, type Role } from '@wordhoard/shared';
import type { FastifyInstance } from 'fastify';
import { users } from '../src/db/schema';

let sequence = 0;

/** A user of `role` with a live session, made directly (the sign-up flow has its own tests). */
export async function createUser(
  app: FastifyInstance,
  role: Role = 'user',
): Promise<{ id: string; email: string; cookie: string }> {
  sequence += 1;
  const email = `${role.toLowerCase()}.${sequence}.${Date.now()}@example.com`;
  const [user] = await app.services.users
    .insert({ email, role, sortingConfigs: DEFAULT_SORTING_CONFIGS })
    .then((row) => [row]);
  if (!user) throw new Error('no user');
  const { token } = await app.services.sessions.create(user.id);
  return { id: user.id, email, cookie: `${SESSION_COOKIE_NAME}=${token}` };
}

export { users };
