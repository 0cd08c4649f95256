import type { User } from '@wordhoard/shared';
import type { ServerResponse } from 'node:http';
import { sendJson, type TestServer } from './testServer';

const unauthorized = (response: ServerResponse) => {
  sendJson(response, 401, { statusCode: 401, code: 'UNAUTHORIZED', message: 'Please sign in to continue' });
};
const noContent = (response: ServerResponse) => {
  response.writeHead(204).end();
};

/**
 * Answers the session endpoints the way the API does (DESIGN §3): a signed-in `user`, or
 * no session when null; a signed-in user has no dictionaries yet. Anything else is a 404 with
 * the API's error body.
 */
export function serveSession(server: TestServer, session: { user: User | null }): void {
  server.handle((request, _body, response) => {
    const route = `${request.method ?? ''} ${request.url?.split('?')[0] ?? ''}`;
    const { user } = session;
    if (route === 'GET /api/cookie/checkToken') {
      sendJson(response, 200, { isValid: user !== null });
    } else if (route === 'POST /api/cookie/refresh') {
      if (user) noContent(response);
      else unauthorized(response);
    } else if (route === 'GET /api/users/me') {
      if (user) sendJson(response, 200, user);
      else unauthorized(response);
    } else if (route === 'DELETE /api/cookie/token') {
      session.user = null;
      noContent(response);
    } else if (route === 'GET /api/dictionaries' && user) {
      // A member's dictionaries screen lists them; these users have none yet.
      sendJson(response, 200, { data: [], total: 0, page: 1, limit: 100 });
    } else {
      sendJson(response, 404, {
        statusCode: 404,
        code: 'ROUTE_NOT_FOUND',
        message: 'This address does not exist',
      });
    }
  });
}
