import type { User } from '@wordhoard/shared';
import { sendJson, type TestServer } from '../../../test/testServer';

interface Reply {
  status: number;
  body?: unknown;
}

type JsonBody = Record<string, unknown>;
export type RouteHandler = (body: JsonBody, session: { user: User | null }) => Reply;

export const unauthorizedReply: Reply = {
  status: 401,
  body: { statusCode: 401, code: 'UNAUTHORIZED', message: 'Please sign in to continue' },
};

/**
 * The API of DESIGN §3 as far as the profile screen uses it: the session endpoints answer from
 * `session`, `routes` answer the rest, anything else is the API's 404.
 */
export function serveUserApi(
  server: TestServer,
  session: { user: User | null },
  routes: Record<string, RouteHandler> = {},
): void {
  const defaults: Record<string, RouteHandler> = {
    'GET /api/cookie/checkToken': () => ({ status: 200, body: { isValid: session.user !== null } }),
    'POST /api/cookie/refresh': () => (session.user ? { status: 204 } : unauthorizedReply),
    'GET /api/users/me': () => (session.user ? { status: 200, body: session.user } : unauthorizedReply),
    'DELETE /api/cookie/token': () => {
      session.user = null;
      return { status: 204 };
    },
  };
  server.handle((request, rawBody, response) => {
    const route = `${request.method ?? ''} ${request.url?.split('?')[0] ?? ''}`;
    const handler = routes[route] ?? defaults[route];
    if (!handler) {
      sendJson(response, 404, {
        statusCode: 404,
        code: 'ROUTE_NOT_FOUND',
        message: 'This address does not exist',
      });
      return;
    }
    const reply = handler(rawBody ? (JSON.parse(rawBody) as JsonBody) : {}, session);
    if (reply.body === undefined) response.writeHead(reply.status).end();
    else sendJson(response, reply.status, reply.body);
  });
}

export const bodiesOf = (server: TestServer, route: string): unknown[] =>
  server.requests
    .filter((request) => `${request.method} ${request.url}` === route)
    .map((request) => (request.body ? JSON.parse(request.body) : undefined));
