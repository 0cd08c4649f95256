import type { User } from '@wordhoard/shared';
import { sendJson, type TestServer } from '../../../test/testServer';

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A request's JSON body; empty for requests without one. */
export type JsonBody = Record<string, unknown>;

/** Answers one route ("POST /api/auth/login") from the parsed JSON body and the session. */
export type RouteHandler = (body: JsonBody, session: FakeSession) => Reply;

export interface FakeSession {
  /** The signed-in user, or null without a session; handlers may change it. */
  user: User | null;
}

export const errorReply = (
  status: number,
  code: string,
  message: string,
  extra: { details?: { path: string; message: string }[]; headers?: Record<string, string> } = {},
): Reply => ({
  status,
  body: { statusCode: status, code, message, ...(extra.details ? { details: extra.details } : {}) },
  headers: extra.headers,
});

export const signedIn = (session: FakeSession, user: User, status = 200): Reply => {
  session.user = user;
  return { status, body: { user } };
};

export const noContent: Reply = { status: 204 };

/**
 * A local stand-in for the API of DESIGN §3: the session endpoints answer from `session`, and
 * `routes` answer the rest; anything else is a 404 with the API's error body.
 */
export function serveAuthApi(
  server: TestServer,
  session: FakeSession,
  routes: Record<string, RouteHandler> = {},
): void {
  const unauthorized = errorReply(401, 'UNAUTHORIZED', 'Please sign in to continue');
  const defaults: Record<string, RouteHandler> = {
    'GET /api/cookie/checkToken': () => ({ status: 200, body: { isValid: session.user !== null } }),
    'POST /api/cookie/refresh': () => (session.user ? noContent : unauthorized),
    'GET /api/users/me': () => (session.user ? { status: 200, body: session.user } : unauthorized),
    'DELETE /api/cookie/token': () => {
      session.user = null;
      return noContent;
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
    let body: JsonBody = {};
    try {
      body = rawBody ? (JSON.parse(rawBody) as JsonBody) : {};
    } catch {
      body = {};
    }
    const reply = handler(body, session);
    if (reply.body === undefined) {
      response.writeHead(reply.status, reply.headers).end();
    } else {
      response
        .writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers })
        .end(JSON.stringify(reply.body));
    }
  });
}

/** "METHOD /api/path" of every request the server has seen, oldest first. */
export function requestLog(server: TestServer): string[] {
  return server.requests.map((request) => `${request.method} ${request.url}`);
}

/** The parsed JSON bodies sent to one route. */
export function bodiesOf(server: TestServer, route: string): unknown[] {
  return server.requests
    .filter((request) => `${request.method} ${request.url}` === route)
    .map((request) => (request.body ? JSON.parse(request.body) : undefined));
}
