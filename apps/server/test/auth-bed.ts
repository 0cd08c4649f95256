import { createTestApp, type TestApp } from './harness';
import { JwksServer } from './jwks-server';
import { SmtpSink } from './smtp-sink';
import type { TestClock } from './clock';

/** The password every auth suite signs up with (it satisfies the shared password rule). */
export const PASSWORD = 'Secret123';

export interface AuthTestBed {
  t: TestApp;
  /** Every mail the app sends, with its codes. */
  sink: SmtpSink;
  /** Google's signing keys, when the bed was started with `google: true`. */
  jwks: JwksServer | undefined;
  close(): Promise<void>;
}

/**
 * The real app for the sign-in suites: mail goes to a real SMTP sink and, with `google`,
 * Google tokens are checked against a real JWKS server; services read `clock`.
 */
export async function startAuthTestBed(options: {
  clock: TestClock;
  google?: boolean;
}): Promise<AuthTestBed> {
  const sink = new SmtpSink();
  const jwks = options.google ? new JwksServer() : undefined;
  const [smtpUrl, jwksUrl] = await Promise.all([sink.start(), jwks?.start()]);
  const t = await createTestApp({
    env: {
      SMTP_URL: smtpUrl,
      ...(jwks && jwksUrl ? { GOOGLE_CLIENT_ID: jwks.clientId, GOOGLE_JWKS_URL: jwksUrl } : {}),
    },
    clock: options.clock.now,
  });
  return {
    t,
    sink,
    jwks,
    async close() {
      await t.close();
      await Promise.all([sink.stop(), jwks?.stop()]);
    },
  };
}
