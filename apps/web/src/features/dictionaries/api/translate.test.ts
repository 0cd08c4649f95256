// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../../../shared/http';
import { CancelledError } from '../../../shared/http/errors';
import { sendJson, startTestServer, type TestServer } from '../../../test/testServer';
import { fetchTranslations } from './translate';

describe('fetchTranslations against a real server', () => {
  let server: TestServer;
  const reportError = vi.fn();
  const languages = { fromLanguage: 'en', toLanguage: 'de' } as const;
  const client = () => createHttpClient({ baseUrl: server.apiUrl, getLanguage: () => 'en', reportError });

  beforeEach(async () => {
    server = await startTestServer();
    reportError.mockClear();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await server.close();
  });

  it('answers the translations', async () => {
    server.handle((_request, _body, response) => sendJson(response, 200, { translations: ['Katze'] }));
    await expect(fetchTranslations(client(), 'cat', languages)).resolves.toEqual(['Katze']);
    expect(server.requests[0]?.url).toBe('/api/translate/cat?fromLanguage=en&toLanguage=de');
  });

  it('keeps one request in flight: a new one cancels the previous, which rethrows the cancellation', async () => {
    const held: Array<() => void> = [];
    server.handle((request, _body, response) => {
      const answer = () => sendJson(response, 200, { translations: [request.url ?? ''] });
      if (request.url?.includes('/ca?')) held.push(answer);
      else answer();
    });
    const http = client();

    const first = fetchTranslations(http, 'ca', languages);
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    const second = fetchTranslations(http, 'cat', languages);

    await expect(first).rejects.toBeInstanceOf(CancelledError);
    await expect(second).resolves.toEqual(['/api/translate/cat?fromLanguage=en&toLanguage=de']);
    held.forEach((answer) => answer());
    expect(reportError).not.toHaveBeenCalled();
  });

  it('logs any other failure, 503 included, and yields null without the error modal', async () => {
    server.handle((_request, _body, response) =>
      sendJson(response, 503, {
        statusCode: 503,
        code: 'TRANSLATION_UNAVAILABLE',
        message: 'Translation is not available right now',
      }),
    );
    await expect(fetchTranslations(client(), 'cat', languages)).resolves.toBeNull();
    expect(console.warn).toHaveBeenCalledOnce();
    expect(reportError).not.toHaveBeenCalled();

    await server.close();
    await expect(fetchTranslations(client(), 'cat', languages)).resolves.toBeNull();
    server = await startTestServer(); // for afterEach
  });
});
