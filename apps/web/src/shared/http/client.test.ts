// @vitest-environment node
import type { ServerResponse } from 'node:http';
import type { User } from '@wordhoard/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendJson, startTestServer, type TestServer } from '../../test/testServer';
import { createHttpClient, fileNameOf, type HttpClientConfig } from './client';
import { ApiError, CancelledError, NetworkError, UnauthorizedError } from './errors';

const user: User = {
  id: '7b0d6a3e-8c1a-4f5e-9a77-0d2f0c6b9e11',
  email: 'ada@example.com',
  role: 'user',
  interfaceLanguage: 'de',
  sortingConfigs: {
    dictionariesSort: 'update',
    dictionariesSortDirection: -1,
    dictionaryWordsSort: 'create',
    dictionaryWordsSortDirection: -1,
  },
  limits: { dictionaries: 2, wordsPerDictionary: 300, testsPerDay: 5 },
  plan: {
    id: 'free',
    name: 'Free',
    pricePerMonth: 0,
    nextPaymentDate: null,
    expiresAt: null,
    cancelAtPeriodEnd: false,
  },
  guestExpiresAt: null,
  hasPassword: true,
  googleLinked: false,
  desiredRetention: 0.9,
  leechThreshold: 8,
  timeZone: 'UTC',
  dailyGoal: 20,
  emailReminders: false,
  reminderTime: '18:00',
};
const dictionaryId = '5f8e0a4c-2b7d-4c1e-8f3a-9d6b2e1c0a77';

describe('http client against a real server', () => {
  let server: TestServer;
  let reportError: ReturnType<typeof vi.fn<NonNullable<HttpClientConfig['reportError']>>>;
  let onUnauthorized: ReturnType<typeof vi.fn<NonNullable<HttpClientConfig['onUnauthorized']>>>;

  const client = () =>
    createHttpClient({
      baseUrl: server.apiUrl,
      getLanguage: () => 'uk',
      reportError,
      onUnauthorized,
      fallbackMessage: (status) => `failed with ${status}`,
    });

  beforeEach(async () => {
    server = await startTestServer();
    reportError = vi.fn<NonNullable<HttpClientConfig['reportError']>>();
    onUnauthorized = vi.fn<NonNullable<HttpClientConfig['onUnauthorized']>>();
  });

  afterEach(async () => {
    await server.close();
  });

  it('sends method, path, query, JSON body and Accept-Language, and parses the answer', async () => {
    server.handle((request, _body, response) => {
      if (request.url?.startsWith('/api/dictionaries/'))
        sendJson(response, 200, { id: dictionaryId, words: [] });
      else sendJson(response, 201, { user });
    });
    const http = client();

    await expect(
      http.request('login', { body: { email: 'ada@example.com', password: 'Secret123' } }),
    ).resolves.toEqual({
      user,
    });
    await http.request('getDictionary', {
      params: { id: dictionaryId },
      query: { page: 2, search: 'cat', direction: -1, sort: undefined },
    });

    const [login, dictionary] = server.requests;
    expect(login).toMatchObject({ method: 'POST', url: '/api/auth/login' });
    expect(login?.headers['accept-language']).toBe('uk');
    expect(login?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(login?.body ?? '')).toEqual({ email: 'ada@example.com', password: 'Secret123' });
    expect(dictionary).toMatchObject({
      method: 'GET',
      url: `/api/dictionaries/${dictionaryId}?page=2&search=cat&direction=-1`,
    });
    expect(dictionary?.headers['content-type']).toBeUndefined();
    expect(reportError).not.toHaveBeenCalled();
  });

  it('sends an upload as the file itself with its own Content-Type, and reads the answer as JSON', async () => {
    const wordId = '9a1c7e52-3b4d-4f6a-8e2b-1c0d9f8e7a65';
    server.handle((_request, _body, response) => sendJson(response, 200, { id: wordId }));
    const http = client();
    const picture = new Blob(['not really a PNG'], { type: 'image/png' });

    await expect(
      http.request('putWordPicture', { params: { id: dictionaryId, wordId }, body: picture }),
    ).resolves.toEqual({ id: wordId });

    const [upload] = server.requests;
    expect(upload).toMatchObject({
      method: 'PUT',
      url: `/api/dictionaries/${dictionaryId}/words/${wordId}/picture`,
      body: 'not really a PNG',
    });
    expect(upload?.headers['content-type']).toBe('image/png');
    expect(upload?.headers['accept-language']).toBe('uk');
    expect(upload?.headers.accept).toBe('application/json');
  });

  it('reports a refused upload like any other error, with the server’s message', async () => {
    const wordId = '9a1c7e52-3b4d-4f6a-8e2b-1c0d9f8e7a65';
    server.handle((_request, _body, response) =>
      sendJson(response, 415, {
        statusCode: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Цей файл не схожий на запис звуку',
        details: [],
      }),
    );

    const error = await client()
      .request('putWordAudio', {
        params: { id: dictionaryId, wordId },
        body: new Blob(['RIFF'], { type: 'audio/wav' }),
      })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Цей файл не схожий на запис звуку',
    });
    expect(server.requests[0]?.headers['content-type']).toBe('audio/wav');
    expect(reportError).toHaveBeenCalledWith(error);
  });

  it('tells that the server can be reached whenever it answers, with any status', async () => {
    server.handle((_request, _body, response) => sendJson(response, 500, { message: 'Boom' }));
    const onReachable = vi.fn();
    const http = createHttpClient({ baseUrl: server.apiUrl, getLanguage: () => 'en', onReachable });

    await expect(http.request('checkToken')).rejects.toBeInstanceOf(ApiError);

    expect(onReachable).toHaveBeenCalledOnce();
  });

  it('answers null for an empty (204) body', async () => {
    server.handle((_request, _body, response) => {
      response.writeHead(204).end();
    });
    await expect(client().request('deleteToken')).resolves.toBeNull();
  });

  it('reports the message of a JSON error body and rejects with an ApiError', async () => {
    server.handle((_request, _body, response) => {
      sendJson(response, 403, {
        statusCode: 403,
        code: 'MAX_DICTIONARIES',
        message: 'Für die Rolle „user“ sind höchstens 2 Wörterbücher erlaubt',
      });
    });

    const error = await client()
      .request('createDictionary', { body: { name: 'Animals', fromLanguage: 'en', toLanguage: 'de' } })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      code: 'MAX_DICTIONARIES',
      message: 'Für die Rolle „user“ sind höchstens 2 Wörterbücher erlaubt',
    });
    expect(reportError).toHaveBeenCalledWith(error);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('keeps validation details and falls back to a generic message when the body has none', async () => {
    server.handle((request, _body, response) => {
      if (request.url === '/api/dictionaries') {
        sendJson(response, 400, {
          statusCode: 400,
          code: 'VALIDATION_ERROR',
          message: 'Invalid',
          details: [{ path: 'name', message: 'validation.required' }, { bogus: true }],
        });
      } else {
        response.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>Bad gateway</h1>');
      }
    });
    const http = client();

    await expect(
      http.request('createDictionary', { body: { name: '', fromLanguage: 'en', toLanguage: 'de' } }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'name', message: 'validation.required' }],
    });
    await expect(http.request('getTesting')).rejects.toMatchObject({
      status: 502,
      message: 'failed with 502',
    });
  });

  it('runs the Unauthorized path on a 401 outside /auth and /cookie', async () => {
    server.handle((_request, _body, response) => {
      sendJson(response, 401, {
        statusCode: 401,
        code: 'UNAUTHORIZED',
        message: 'Please sign in to continue',
      });
    });

    const error = await client()
      .request('listDictionaries', { query: {} })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error).toMatchObject({ tag: 'Unauthorized', message: 'Please sign in to continue' });
    expect(reportError).toHaveBeenCalledWith(error);
    expect(onUnauthorized).toHaveBeenCalledWith(error);
  });

  it('treats a 401 from /auth and /cookie as an ordinary error', async () => {
    server.handle((_request, _body, response) => {
      sendJson(response, 401, {
        statusCode: 401,
        code: 'INVALID_CREDENTIALS',
        message: 'Wrong email or password',
      });
    });
    const http = client();

    const login = await http
      .request('login', { body: { email: 'ada@example.com', password: 'nope' } })
      .catch((caught: unknown) => caught);
    await expect(http.request('refreshToken')).rejects.toBeInstanceOf(ApiError);

    expect(login).not.toBeInstanceOf(UnauthorizedError);
    expect(login).toMatchObject({ message: 'Wrong email or password' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('neither reports nor ends the session for a silent request', async () => {
    server.handle((_request, _body, response) => {
      sendJson(response, 401, {
        statusCode: 401,
        code: 'UNAUTHORIZED',
        message: 'Please sign in to continue',
      });
    });

    await expect(client().request('me', { silent: true })).rejects.toBeInstanceOf(UnauthorizedError);
    expect(reportError).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("reports a network failure with the app's own message, never the browser's", async () => {
    const apiUrl = server.apiUrl;
    await server.close();
    const onReachable = vi.fn();
    const http = createHttpClient({
      baseUrl: apiUrl,
      getLanguage: () => 'en',
      reportError,
      onReachable,
      offlineMessage: () => 'Keine Verbindung',
    });

    const error = await http.request('checkToken').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).message).toBe('Keine Verbindung');
    expect((error as NetworkError).cause).toBeInstanceOf(TypeError);
    expect(reportError).toHaveBeenCalledWith(error);
    expect(onReachable).not.toHaveBeenCalled();
    server = await startTestServer(); // for afterEach
  });

  it("takes a 503 in no words of the app's (a restart, a proxy) for a lost connection", async () => {
    const onReachable = vi.fn();
    const http = createHttpClient({
      baseUrl: server.apiUrl,
      getLanguage: () => 'en',
      reportError,
      onReachable,
      offlineMessage: () => 'Keine Verbindung',
    });
    // What Fastify answers while it closes; then a proxy's page; then the app's own 503.
    const answers = [
      (response: ServerResponse) =>
        sendJson(response, 503, {
          error: 'Service Unavailable',
          message: 'Service Unavailable',
          statusCode: 503,
        }),
      (response: ServerResponse) =>
        response.writeHead(503, { 'content-type': 'text/html' }).end('<h1>503 Service Unavailable</h1>'),
      (response: ServerResponse) =>
        sendJson(response, 503, {
          statusCode: 503,
          code: 'TRANSLATION_UNAVAILABLE',
          message: 'Translation is unavailable',
        }),
    ];
    server.handle((_request, _body, response) => answers.shift()?.(response));

    for (let bare = 0; bare < 2; bare++) {
      const error = await http.request('checkToken').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(NetworkError);
      expect((error as NetworkError).message).toBe('Keine Verbindung');
      expect(reportError).toHaveBeenLastCalledWith(error);
    }
    expect(onReachable).not.toHaveBeenCalled();

    const own = await http.request('checkToken').catch((caught: unknown) => caught);
    expect(own).toBeInstanceOf(ApiError);
    expect(own).not.toBeInstanceOf(NetworkError);
    expect((own as ApiError).code).toBe('TRANSLATION_UNAVAILABLE');
    expect(onReachable).toHaveBeenCalledOnce();
  });

  it('aborts the previous request with the same key, silently', async () => {
    const pending: Array<() => void> = [];
    server.handle((request, _body, response) => {
      // The first search hangs until released; the second answers at once.
      const answer = () => sendJson(response, 200, { translations: [request.url ?? ''] });
      if (request.url?.includes('/first')) pending.push(answer);
      else answer();
    });
    const http = client();
    const query = { fromLanguage: 'en', toLanguage: 'de' } as const;

    const first = http.request('translate', { params: { word: 'first' }, query, key: 'translate' });
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    const second = http.request('translate', { params: { word: 'second' }, query, key: 'translate' });

    await expect(first).rejects.toBeInstanceOf(CancelledError);
    await expect(second).resolves.toEqual({
      translations: ['/api/translate/second?fromLanguage=en&toLanguage=de'],
    });
    expect(reportError).not.toHaveBeenCalled();
    pending.forEach((release) => release());
  });

  it('follows an outside abort signal, as TanStack Query passes one', async () => {
    server.handle(() => {
      // Never answers: only the abort can end this request.
    });
    const controller = new AbortController();

    const request = client().request('getTesting', { signal: controller.signal });
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    controller.abort();

    await expect(request).rejects.toBeInstanceOf(CancelledError);
    expect(reportError).not.toHaveBeenCalled();
  });

  it('aborts by key on demand', async () => {
    server.handle(() => {});
    const http = client();

    const request = http.request('getTesting', { key: 'testing' });
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    http.abort('testing');

    await expect(request).rejects.toBeInstanceOf(CancelledError);
  });

  it('downloads a file with the name the server gave it, and reports a failed download', async () => {
    server.handle((_request, _body, response) => {
      response
        .writeHead(200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="___.csv"; filename*=UTF-8''${encodeURIComponent('Мої.csv')}`,
        })
        .end('\uFEFFкіт,cat\r\n');
    });
    const file = await client().download('exportDictionary', {
      params: { id: dictionaryId },
      query: { format: 'csv' },
    });
    expect(file.fileName).toBe('Мої.csv');
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await file.blob.arrayBuffer())).toBe(
      '\uFEFFкіт,cat\r\n',
    );
    expect(server.requests[0]?.url).toBe(`/api/dictionaries/${dictionaryId}/export?format=csv`);

    server.handle((_request, _body, response) => {
      sendJson(response, 404, { statusCode: 404, code: 'NOT_FOUND', message: 'Не знайдено' });
    });
    const error = await client()
      .download('exportMe')
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 404, message: 'Не знайдено' });
    expect(reportError).toHaveBeenCalledWith(error);
  });
});

describe('fileNameOf', () => {
  it('prefers filename*, then filename, then a default', () => {
    expect(fileNameOf(`attachment; filename="a.csv"; filename*=UTF-8''%D0%BA.csv`)).toBe('к.csv');
    expect(fileNameOf('attachment; filename="a b.json"')).toBe('a b.json');
    expect(fileNameOf('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(fileNameOf(null)).toBe('download');
  });
});
