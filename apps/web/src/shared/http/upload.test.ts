// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/testServer';
import { createHttpClient } from './client';
import { NetworkError } from './errors';
import { xhrUpload, type UploadProgress } from './upload';

/**
 * The upload transport against a real HTTP server, through jsdom's XMLHttpRequest (the page is
 * on another origin here, so the server answers CORS as a browser would ask it).
 */
describe('xhrUpload', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  const allowPage = (response: import('node:http').ServerResponse, origin: string | undefined) => {
    response.setHeader('Access-Control-Allow-Origin', origin ?? '*');
    response.setHeader('Access-Control-Allow-Credentials', 'true');
    response.setHeader('Access-Control-Allow-Headers', 'content-type, accept, accept-language');
    response.setHeader('Access-Control-Expose-Headers', 'retry-after');
  };

  it('tells the bytes sent, ending at the whole body, and answers with the server’s response', async () => {
    server.handle((request, body, response) => {
      allowPage(response, request.headers.origin);
      if (request.method === 'OPTIONS') {
        response.writeHead(204).end();
        return;
      }
      response.writeHead(201, { 'Content-Type': 'application/json', 'Retry-After': '7' });
      response.end(JSON.stringify({ received: Buffer.byteLength(body) }));
    });
    const body = new Blob([new Uint8Array(3 * 1024 * 1024).fill(97)], { type: 'application/octet-stream' });
    const seen: UploadProgress[] = [];
    const response = await xhrUpload(
      `${server.apiUrl}/upload`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/octet-stream' },
        body,
        signal: new AbortController().signal,
      },
      (progress) => seen.push(progress),
    );

    expect(response.status).toBe(201);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(await response.json()).toEqual({ received: body.size });
    expect(seen[0]).toEqual({ sent: 0, total: body.size });
    expect(seen.at(-1)).toEqual({ sent: body.size, total: body.size });
    for (const [index, progress] of seen.entries()) {
      expect(progress.total).toBe(body.size);
      if (index > 0) expect(progress.sent).toBeGreaterThanOrEqual(seen[index - 1]!.sent);
    }
    const post = server.requests.find((request) => request.method === 'POST');
    expect(post?.headers['content-type']).toBe('application/octet-stream');
  });

  it('fails as fetch does: an abort is an AbortError, no server a TypeError', async () => {
    server.handle(() => {
      // Never answers: the request waits until it is aborted.
    });
    const controller = new AbortController();
    const pending = xhrUpload(
      `${server.apiUrl}/upload`,
      { method: 'POST', headers: {}, body: 'x', signal: controller.signal },
      () => undefined,
    );
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });

    const closedUrl = server.apiUrl;
    await server.close();
    server = await startTestServer();
    await expect(
      xhrUpload(
        `${closedUrl}/upload`,
        { method: 'POST', headers: {}, body: 'x', signal: new AbortController().signal },
        () => undefined,
      ),
    ).rejects.toBeInstanceOf(TypeError);
  });

  it('is what the client sends an upload with when asked for progress, and only then', async () => {
    server.handle((request, _body, response) => {
      allowPage(response, request.headers.origin);
      if (request.method === 'OPTIONS') {
        response.writeHead(204).end();
        return;
      }
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    });
    let viaTransport = 0;
    const client = createHttpClient({
      baseUrl: server.apiUrl,
      getLanguage: () => 'en',
      upload: (url, request, onProgress) => {
        viaTransport += 1;
        return xhrUpload(url, request, onProgress);
      },
    });
    const seen: UploadProgress[] = [];
    const file = new Blob(['a'.repeat(5000)]);
    await client.request('previewAnkiImport', {
      params: { id: '7b0d6a3e-8c1a-4f5e-9a77-0d2f0c6b9e11' },
      body: file,
      onUploadProgress: (progress) => seen.push(progress),
    });
    expect(viaTransport).toBe(1);
    expect(seen.at(-1)).toEqual({ sent: 5000, total: 5000 });

    // Without a progress listener the request goes by fetch, as every other one does.
    await client.request('previewAnkiImport', {
      params: { id: '7b0d6a3e-8c1a-4f5e-9a77-0d2f0c6b9e11' },
      body: file,
    });
    expect(viaTransport).toBe(1);
  });

  it('a lost connection during an upload is the client’s NetworkError', async () => {
    const client = createHttpClient({
      baseUrl: 'http://127.0.0.1:9/api',
      getLanguage: () => 'en',
      upload: xhrUpload,
      offlineMessage: () => 'offline',
    });
    await expect(
      client.request('previewAnkiImport', {
        params: { id: '7b0d6a3e-8c1a-4f5e-9a77-0d2f0c6b9e11' },
        body: new Blob(['x']),
        silent: true,
        onUploadProgress: () => undefined,
      }),
    ).rejects.toBeInstanceOf(NetworkError);
  });
});
