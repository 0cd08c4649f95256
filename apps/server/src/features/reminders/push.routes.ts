import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { PushService } from './push.service';

export function registerPushRoutes(app: FastifyInstance, deps: { push: PushService }): void {
  const { push } = deps;
  route(app, 'pushKey', () => push.publicKey());
  route(app, 'subscribePush', async ({ caller, body }) => {
    await push.subscribe(caller, body);
    return null;
  });
  route(app, 'unsubscribePush', async ({ caller, body }) => {
    await push.unsubscribe(caller, body);
    return null;
  });
}
