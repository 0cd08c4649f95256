// The app itself: is it up, and can it reach its database.
import { healthSchema } from '../schemas/common';
import { endpoint, type Endpoint } from './endpoint';

export const systemEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    access: 'public',
    tag: 'system',
    summary: 'Liveness and database reachability',
    status: 200,
    response: healthSchema,
  }),
} as const satisfies Record<string, Endpoint>;
