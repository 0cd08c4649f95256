import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../app';
import { createTestApp, testConfig, uniqueClientAddress, type TestApp } from '../../test/harness';

/** What an operator who set APP_ORIGIN wrong reads in the log (decision 0083). */
interface Line {
  level: number;
  msg: string;
  [field: string]: unknown;
}
const WARN = 40;
const lines: Line[] = [];
let testApp: TestApp;

beforeAll(async () => {
  const env = { APP_ORIGIN: 'https://words.example.org' };
  const options = loggerOptions(testConfig({ ...env, LOG_LEVEL: 'info' }));
  testApp = await createTestApp({
    env,
    logger: {
      ...(typeof options === 'object' ? options : {}),
      stream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
    },
  });
});
afterAll(async () => {
  await testApp.close();
});

const warnings = () => lines.filter((line) => line.level === WARN);

function post(origin: string, host = 'words.example.org') {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/guest',
    payload: {},
    headers: { origin, host },
    remoteAddress: uniqueClientAddress(),
  });
}

describe('operator mistakes in the log', () => {
  it('a write refused for its Origin warns once per origin, naming it and APP_ORIGIN', async () => {
    lines.length = 0;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await post('http://localhost:8080')).statusCode).toBe(403);
    }
    expect((await post('https://evil.example')).statusCode).toBe(403);
    expect((await post('https://evil.example')).statusCode).toBe(403);
    const refused = warnings().filter((line) => line.msg.startsWith('refused a write'));
    expect(refused).toHaveLength(2);
    expect(refused[0]).toMatchObject({
      origin: 'http://localhost:8080',
      appOrigin: 'https://words.example.org',
    });
    expect(refused[0]?.msg).toContain('http://localhost:8080');
    expect(refused[0]?.msg).toContain('APP_ORIGIN is https://words.example.org');
    expect(refused[1]).toMatchObject({ origin: 'https://evil.example' });
  });

  it('warns once when the server is reached by another host than APP_ORIGIN’s; probes do not count', async () => {
    lines.length = 0;
    const health = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: '10.0.0.5:3000' },
    });
    expect(health.statusCode).toBe(200);
    expect(warnings()).toEqual([]);

    const first = await testApp.app.inject({
      method: 'GET',
      url: '/api/cookie/checkToken',
      headers: { host: 'localhost:3000' },
    });
    expect(first.statusCode).toBe(200);
    await testApp.app.inject({
      method: 'GET',
      url: '/api/cookie/checkToken',
      headers: { host: '192.168.1.9:3000' },
    });
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatchObject({ host: 'localhost:3000', appOrigin: 'https://words.example.org' });
    expect(warnings()[0]?.msg).toContain(
      'reached at http://localhost:3000 but APP_ORIGIN is https://words.example.org',
    );
  });
});
