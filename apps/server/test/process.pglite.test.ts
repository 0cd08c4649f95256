import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServerProcess } from './server-process';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-process-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function guestSession(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/guest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

describe('the server process on the embedded database', { timeout: 180_000 }, () => {
  it('keeps every acknowledged write through kill -9 and reopens the data directory', async () => {
    const first = await startServerProcess({ DATA_DIR: dataDir });
    const cookie = await guestSession(first.url);
    const headers = { cookie, 'content-type': 'application/json' };
    const created = await fetch(`${first.url}/api/dictionaries`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Crash', fromLanguage: 'en', toLanguage: 'de' }),
    });
    const { id } = (await created.json()) as { id: string };

    const acknowledged: string[] = [];
    const writer = (async () => {
      for (let i = 0; i < 90; i += 1) {
        const term = `word ${i}`;
        const response = await fetch(`${first.url}/api/dictionaries/${id}`, {
          method: 'PATCH',
          headers,
          body: JSON.stringify({ words: { create: [{ term, definitions: [`meaning ${i}`] }] } }),
        }).catch(() => undefined);
        if (response?.status !== 200) return;
        acknowledged.push(term);
      }
    })();
    while (acknowledged.length < 15) await new Promise((resolve) => setTimeout(resolve, 20));
    first.child.kill('SIGKILL');
    await writer;
    expect((await first.exited).signal).toBe('SIGKILL');
    // The lock of the killed process is still there; the next start takes it over.
    expect(existsSync(path.join(dataDir, 'wordhoard.lock'))).toBe(true);

    const second = await startServerProcess({ DATA_DIR: dataDir });
    try {
      const page = await fetch(`${second.url}/api/dictionaries/${id}?limit=100&sort=create&direction=1`, {
        headers,
      });
      expect(page.status).toBe(200);
      const body = (await page.json()) as { words: { term: string }[]; wordsCount: number };
      const saved = body.words.map((word) => word.term);
      for (const term of acknowledged) expect(saved).toContain(term);
      expect(body.wordsCount).toBe(saved.length);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });

  it('finishes in-flight requests on SIGTERM, then closes the database and its lock', async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir });
    // Logins spend ~tens of ms in argon2 each, so some are surely in flight at SIGTERM.
    const inFlight = Array.from({ length: 12 }, (_, i) =>
      fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `nobody${i}@example.com`, password: 'Wrong1234' }),
      }).then((response) => response.status),
    );
    // SIGTERM once the server has received every one of them: they are in flight.
    const received = () => (server.output.join('').match(/"url":"\/api\/auth\/login"/g) ?? []).length;
    while (received() < inFlight.length) await new Promise((resolve) => setTimeout(resolve, 5));
    server.child.kill('SIGTERM');
    const statuses = await Promise.all(inFlight);
    expect(statuses.every((status) => status === 401)).toBe(true);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output.join('')).toMatch(/shutting down/);
    expect(existsSync(path.join(dataDir, 'wordhoard.lock'))).toBe(false);
  });

  it('stops with a message naming the variable when the configuration is bad', async () => {
    await expect(startServerProcess({ DATA_DIR: dataDir, PORT: 'abc' })).rejects.toThrow(/PORT/);
  });

  it('refuses a second server on the same data directory with a clear message', async () => {
    const first = await startServerProcess({ DATA_DIR: dataDir });
    try {
      await expect(startServerProcess({ DATA_DIR: dataDir })).rejects.toThrow(
        /in use by another Wordhoard server/,
      );
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
  });
});
