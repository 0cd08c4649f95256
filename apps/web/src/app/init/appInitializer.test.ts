// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient } from '../../shared/http';
import { createSessionService } from '../../shared/session';
import { serveSession } from '../../test/fakeApi';
import { makeUser } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/testServer';
import { createAppInitializer, type InitStatus } from './appInitializer';

describe('app initialization', () => {
  let server: TestServer;

  beforeEach(async () => {
    server = await startTestServer();
  });

  afterEach(async () => {
    await server.close();
  });

  function setUp(apiUrl = server.apiUrl) {
    const http = createHttpClient({ baseUrl: apiUrl, getLanguage: () => 'en' });
    const languages: string[] = [];
    const session = createSessionService({
      http,
      queryClient: new QueryClient(),
      navigate: () => {},
      onUserChange: (user) => {
        if (user) languages.push(user.interfaceLanguage);
      },
    });
    const initializer = createAppInitializer({ http, session });
    const statuses: InitStatus[] = [initializer.getStatus()];
    initializer.subscribe(() => statuses.push(initializer.getStatus()));
    return { initializer, session, statuses, languages };
  }

  it('checks the token, refreshes it and loads the user when the session is valid', async () => {
    const user = makeUser({ interfaceLanguage: 'pl' });
    serveSession(server, { user });
    const { initializer, session, statuses, languages } = setUp();

    await initializer.start();

    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/cookie/checkToken',
      'POST /api/cookie/refresh',
      'GET /api/users/me',
    ]);
    expect(session.getUser()).toEqual(user);
    expect(languages).toEqual(['pl']);
    expect(statuses).toEqual(['idle', 'pending', 'fulfilled']);
  });

  it('stops after the check when there is no session', async () => {
    serveSession(server, { user: null });
    const { initializer, session, statuses } = setUp();

    await initializer.start();

    expect(server.requests).toHaveLength(1);
    expect(session.getUser()).toBeNull();
    expect(statuses).toEqual(['idle', 'pending', 'fulfilled']);
  });

  it('is fulfilled, signed out, when the server cannot be reached', async () => {
    const apiUrl = server.apiUrl;
    await server.close();
    const { initializer, session, statuses } = setUp(apiUrl);

    await initializer.start();

    expect(session.getUser()).toBeNull();
    expect(statuses).toEqual(['idle', 'pending', 'fulfilled']);
    server = await startTestServer(); // for afterEach
  });

  it('runs once however often it is started', async () => {
    serveSession(server, { user: makeUser() });
    const { initializer } = setUp();

    await Promise.all([initializer.start(), initializer.start()]);
    await initializer.start();

    expect(server.requests.filter((request) => request.url === '/api/cookie/checkToken')).toHaveLength(1);
  });
});
