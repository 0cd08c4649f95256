// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../shared/http';
import { createSessionService } from '../../shared/session';
import { withApiServer, type ApiServer, type TestBrowser } from '../../test/apiServer';
import { startTestServer } from '../../test/testServer';
import { createAppInitializer, type InitStatus } from './appInitializer';

describe('app initialization', () => {
  let server: ApiServer;
  let browser: TestBrowser;
  withApiServer({}, (...started) => ([server, browser] = started));

  function setUp(apiUrl = server.apiUrl) {
    const http = createHttpClient({ baseUrl: apiUrl, getLanguage: () => 'en', fetch: browser.fetch });
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
    await browser.signIn();
    const user = (
      await server.api.as(browser.cookie()).call('updateMe', { body: { interfaceLanguage: 'pl' } })
    ).data();
    const { initializer, session, statuses, languages } = setUp();

    await initializer.start();

    expect(browser.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/cookie/checkToken',
      'POST /api/cookie/refresh',
      'GET /api/users/me',
    ]);
    expect(session.getUser()).toEqual(user);
    expect(languages).toEqual(['pl']);
    expect(statuses).toEqual(['idle', 'pending', 'fulfilled']);
  });

  it('stops after the check when there is no session', async () => {
    const { initializer, session, statuses } = setUp();

    await initializer.start();

    expect(browser.requests).toHaveLength(1);
    expect(session.getUser()).toBeNull();
    expect(statuses).toEqual(['idle', 'pending', 'fulfilled']);
  });

  it('is fulfilled, signed out, when the server cannot be reached', async () => {
    // A port that was just listening and is now closed: the connection is refused.
    const closed = await startTestServer();
    await closed.close();
    await browser.signIn();
    const { initializer, session, statuses } = setUp(closed.apiUrl);

    await initializer.start();

    expect(session.getUser()).toBeNull();
    expect(statuses).toEqual(['idle', 'pending', 'fulfilled']);
  });

  it('runs once however often it is started', async () => {
    await browser.signIn();
    const { initializer } = setUp();

    await Promise.all([initializer.start(), initializer.start()]);
    await initializer.start();

    expect(browser.requests.filter((request) => request.url === '/api/cookie/checkToken')).toHaveLength(1);
  });
});
