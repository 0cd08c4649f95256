import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../app';
import {
  createTestApp,
  sessionCookie,
  testConfig,
  uniqueClientAddress,
  type TestApp,
} from '../../test/harness';

/**
 * A first visit as the browser makes it: the page, its assets, the probe of a container's health
 * check and the first API calls. Every log line is captured, parsed, and counted (decision 0083).
 */
const ASSETS = Array.from({ length: 12 }, (_, index) => `/assets/chunk-${index}.js`);
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-request-log-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  for (const asset of ASSETS) await writeFile(path.join(dist, asset), 'console.log(1);');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  [field: string]: unknown;
}

const address = uniqueClientAddress();

async function visit(level: 'info' | 'debug'): Promise<{ lines: Line[]; requestIds: string[] }> {
  const lines: Line[] = [];
  // inject's Host (localhost:80): no warning about reaching the server by another host.
  const env = { WEB_DIST_DIR: dist, LOG_LEVEL: level, APP_ORIGIN: 'http://localhost' };
  const options = loggerOptions(testConfig(env));
  const testApp: TestApp = await createTestApp({
    env,
    serveWeb: true,
    logger: {
      ...(typeof options === 'object' ? options : {}),
      stream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
    },
  });
  const requestIds: string[] = [];
  try {
    const { app } = testApp;
    // The app's own lines while it started are not the visit's.
    lines.length = 0;
    const get = async (url: string, headers: Record<string, string> = {}) => {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { 'user-agent': 'test-browser/1', ...headers },
        remoteAddress: address,
      });
      requestIds.push(String(response.headers['x-request-id']));
      return response;
    };
    expect((await get('/')).statusCode).toBe(200);
    for (const asset of [...ASSETS, '/favicon.svg']) expect((await get(asset)).statusCode).toBe(200);
    expect((await get('/api/health')).statusCode).toBe(200);
    expect((await get('/api/cookie/checkToken')).statusCode).toBe(200);
    const guest = await app.inject({
      method: 'POST',
      url: '/api/auth/guest',
      payload: {},
      headers: { 'user-agent': 'test-browser/1' },
      remoteAddress: address,
    });
    expect(guest.statusCode).toBe(201);
    requestIds.push(String(guest.headers['x-request-id']));
    expect((await get('/api/users/me', { cookie: sessionCookie(guest) })).statusCode).toBe(200);
    // A missing asset is a 404 worth seeing, not a routine file.
    expect((await get('/assets/gone-123.js')).statusCode).toBe(404);
  } finally {
    await testApp.close();
  }
  return { lines: lines.filter((line) => line.msg === 'request' || line.reqId !== undefined), requestIds };
}

const INFO = 30;
const DEBUG = 20;

describe('request logging', () => {
  it('at info writes one line per page or API request, none for static files or the health probe', async () => {
    const { lines, requestIds } = await visit('info');
    // The page, checkToken, guest, users/me and the missing asset: 5 of the 19 requests.
    expect(lines.map((line) => `${String(line.method)} ${String(line.url)} ${String(line.status)}`)).toEqual([
      'GET / 200',
      'GET /api/cookie/checkToken 200',
      'POST /api/auth/guest 201',
      'GET /api/users/me 200',
      'GET /assets/gone-123.js 404',
    ]);
    for (const line of lines) {
      expect(line.level).toBe(INFO);
      expect(line.msg).toBe('request');
      expect(typeof line.ms).toBe('number');
      expect(line.ip).toBe(address);
      // The user agent is a debug field.
      expect(line).not.toHaveProperty('userAgent');
    }
    expect(lines[0]?.route).toBe('/');
    expect(lines[3]?.route).toBe('/api/users/me');
    // Each line carries its request's id, the one the response's x-request-id gave.
    expect(lines.map((line) => line.reqId)).toEqual([requestIds[0], ...requestIds.slice(-4)]);
    expect(JSON.stringify(lines)).not.toMatch(/incoming request|request completed/);
  });

  it('at debug writes exactly one line per request, static files and the probe included', async () => {
    const { lines, requestIds } = await visit('debug');
    const requestLines = lines.filter((line) => line.msg === 'request');
    expect(requestLines).toHaveLength(requestIds.length);
    expect(requestLines.map((line) => line.reqId)).toEqual(requestIds);
    const byUrl = new Map(requestLines.map((line) => [line.url, line]));
    for (const url of [...ASSETS, '/favicon.svg', '/api/health']) {
      expect(byUrl.get(url)).toMatchObject({ level: DEBUG, status: 200, userAgent: 'test-browser/1' });
    }
    expect(byUrl.get('/')).toMatchObject({ level: INFO, userAgent: 'test-browser/1' });
  });
});
