import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { InvitesService } from './invites.service';

export function registerInvitesRoutes(app: FastifyInstance, deps: { invites: InvitesService }): void {
  const { invites } = deps;
  // Developers only: the contract's `roles` is checked before the handler runs.
  route(app, 'createInvite', async ({ caller, body }) =>
    invites.create({ uses: body.uses, days: body.days, createdBy: (await caller.session()).userId }),
  );
}
