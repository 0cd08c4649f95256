// The session cookie: checked, rotated, signed out. Served by features/session.
import { isValidSchema } from '../schemas/auth';
import { endpoint, type Endpoint } from './endpoint';

export const sessionEndpoints = {
  checkToken: endpoint({
    method: 'GET',
    path: '/cookie/checkToken',
    access: 'public',
    tag: 'session',
    summary: 'Whether the session cookie is valid (never 401)',
    status: 200,
    response: isValidSchema,
  }),
  refreshToken: endpoint({
    method: 'POST',
    path: '/cookie/refresh',
    access: 'session',
    tag: 'session',
    summary: 'Rotate the session token (a fresh one is kept; the replaced one works for a minute more)',
    status: 204,
    response: null,
  }),
  deleteToken: endpoint({
    method: 'DELETE',
    path: '/cookie/token',
    access: 'public',
    tag: 'session',
    summary: 'Sign out',
    status: 204,
    response: null,
  }),
} as const satisfies Record<string, Endpoint>;
