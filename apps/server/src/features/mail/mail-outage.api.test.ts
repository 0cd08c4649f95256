import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client';
import { BlackHole, timed } from '../../../test/black-hole';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { SmtpSink } from '../../../test/smtp-sink';

/**
 * Code mails go out while the request waits (a restore code, a sign-up's verification code): a
 * mail server that never answers ends the request with our 503 and Retry-After once the
 * configured SMTP timeout is over, and one that refuses the mail with our 502, not a 500
 * (decision 0073).
 */

/** Short for the test: nothing behind the black hole could answer in time anyway. */
const SMTP_TIMEOUT_MS = 300;

const askRestoreCode = (t: TestApp, email: string) =>
  timed('restore code', () => apiClient(t.app).call('restoreCode', { body: { email } }));

describe(`a mail server that accepts connections and never answers (${testDriver})`, () => {
  const hole = new BlackHole();
  let t: TestApp;
  beforeAll(async () => {
    await hole.start();
    t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${hole.port}` },
      timeouts: { smtpMs: SMTP_TIMEOUT_MS },
    });
  });
  afterAll(async () => {
    await t.close();
    await hole.stop();
  });

  it('answers 503 with Retry-After once the mail attempt timed out', async () => {
    const user = await createUser(t.app);
    const { result } = await askRestoreCode(t, user.email);
    expect(result.statusCode, result.body).toBe(503);
    expect(result.json<{ code: string }>().code).toBe('SERVICE_UNAVAILABLE');
    expect(Number(result.headers['retry-after'])).toBeGreaterThan(0);
    expect(hole.connections).toBe(1);
  });
});

describe(`a mail server that refuses the mail (${testDriver})`, () => {
  const sink = new SmtpSink();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SMTP_URL: await sink.start() } });
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('answers 502 UPSTREAM_ERROR: its 550 is not a fault of ours', async () => {
    const user = await createUser(t.app);
    sink.refused.add(user.email);
    const { result } = await askRestoreCode(t, user.email);
    expect(result.statusCode, result.body).toBe(502);
    expect(result.json<{ code: string }>().code).toBe('UPSTREAM_ERROR');
  });
});
