import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler';
import { AppError } from '../domain/errors';
import { ServerMessages } from './messages';

/** A bare Fastify with our error handler, and what it logged. */
let app: FastifyInstance;
const logged: Record<string, unknown>[] = [];

/** An error as an outside service's client library throws it: its status and its headers. */
function foreignError(statusCode: number, headers: Record<string, string>): Error {
  return Object.assign(new Error(`the service answered ${statusCode}`), { statusCode, headers });
}

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  app = Fastify({ logger: { level: 'error', stream } });
  registerErrorHandler(app, await ServerMessages.load());
  app.get('/foreign-401', () => {
    throw foreignError(401, {
      'request-id': 'req_123',
      'www-authenticate': 'Bearer realm="elsewhere"',
      'transfer-encoding': 'chunked',
      'content-length': '999',
    });
  });
  app.get('/foreign-503', () => {
    throw foreignError(503, { 'retry-after': '3600' });
  });
  app.get('/range', () => {
    // What @fastify/static sends for an unsatisfiable Range: an http-error with `expose`.
    throw Object.assign(new Error('Range Not Satisfiable'), {
      statusCode: 416,
      status: 416,
      expose: true,
      headers: { 'Content-Range': 'bytes */10', 'x-powered-by': 'send' },
    });
  });
  app.get('/cause', () => {
    throw new AppError('PAYMENT_PROVIDER_ERROR', {}, { cause: foreignError(401, {}) });
  });
  app.get('/bug', () => {
    throw new Error('a bug of ours');
  });
  app.post('/json', () => ({ ok: true }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('errors of outside services', () => {
  it('answer 502 with our body, never the foreign status or headers', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/foreign-401',
      headers: { 'accept-language': 'de' },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      statusCode: 502,
      code: 'UPSTREAM_ERROR',
      message:
        'Ein Dienst, auf den wir angewiesen sind, hat nicht richtig geantwortet. Bitte versuche es später noch einmal',
    });
    for (const name of ['request-id', 'www-authenticate', 'transfer-encoding']) {
      expect(response.headers[name], name).toBeUndefined();
    }
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(response.body)));
    expect(logged.some((line) => line.msg === 'outside service failed')).toBe(true);
  });

  it('answer 502 for their 503 too, without their Retry-After', async () => {
    const response = await app.inject({ method: 'GET', url: '/foreign-503' });
    expect(response.statusCode).toBe(502);
    expect(response.json().code).toBe('UPSTREAM_ERROR');
    expect(response.headers['retry-after']).toBeUndefined();
  });

  it('log the cause behind our own error', async () => {
    const before = logged.length;
    const response = await app.inject({ method: 'GET', url: '/cause' });
    expect(response.statusCode).toBe(502);
    const line = logged.slice(before).find((entry) => entry.msg === 'outside service failed');
    expect(line?.code).toBe('PAYMENT_PROVIDER_ERROR');
    expect((line?.err as { message?: string }).message).toBe('the service answered 401');
    expect(response.body).not.toContain('401');
  });
});

describe('errors about the request itself', () => {
  it('keep Fastify’s own 4xx (malformed JSON)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/json',
      headers: { 'content-type': 'application/json' },
      payload: '{"unterminated',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('BAD_REQUEST');
  });

  it('keep the static plugin’s 416 with its Content-Range only', async () => {
    const response = await app.inject({ method: 'GET', url: '/range' });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe('bytes */10');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('answer 500 for a bug of ours', async () => {
    const response = await app.inject({ method: 'GET', url: '/bug' });
    expect(response.statusCode).toBe(500);
    expect(response.json().code).toBe('INTERNAL_ERROR');
    expect(response.body).not.toContain('a bug of ours');
  });
});
