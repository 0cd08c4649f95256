import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { ROLE_LIMITS } from '@wordhoard/shared';

describe('loadConfig', () => {
  it('runs with no variables at all on the embedded database', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.appOrigin).toBe('http://localhost:3000');
    expect(config.database).toEqual({ driver: 'pglite', dataDir: './data' });
    expect(config.secureCookies).toBe(false);
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.stripe.secretKey).toBeUndefined();
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT .*"abc"/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ APP_ORIGIN: 'localhost' })).toThrow(/APP_ORIGIN/);
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'x', SMTP_URL: 'http://mail' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/SMTP_URL/);
    }
  });

  it('treats empty strings as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', STRIPE_SECRET_KEY: '' });
    expect(config.port).toBe(3000);
    expect(config.database.driver).toBe('pglite');
    expect(config.stripe.secretKey).toBeUndefined();
  });

  it('switches to PostgreSQL with DATABASE_URL and to secure cookies on https', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://127.0.0.1:5432/app',
      APP_ORIGIN: 'https://wordhoard.example/some/path',
    });
    expect(config.database).toEqual({ driver: 'postgres', url: 'postgres://127.0.0.1:5432/app' });
    expect(config.appOrigin).toBe('https://wordhoard.example');
    expect(config.secureCookies).toBe(true);
  });

  it('trusts no proxy by default, and a hop count or a list of proxy ranges when asked', () => {
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.7 ,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      'loopback',
    ]);
    // Trusting everyone would let any client pick its own address for the per-client limits.
    for (const bad of ['true', '0', '10.0.0.0/33', 'proxy.example', '10.0.0/8', '1.2.3.4/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('VAPID (Web Push, decision 0055)', () => {
  const keys = {
    VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
    VAPID_PRIVATE_KEY: 's3cretPrivateKeyThatIsExactly43CharsLong_xy',
    VAPID_SUBJECT: 'mailto:ops@example.com',
  };

  it('is off unless all three are set, and on with all three', () => {
    expect(loadConfig({}).push).toBeUndefined();
    expect(loadConfig(keys).push).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
      subject: 'mailto:ops@example.com',
    });
    expect(() => loadConfig({ ...keys, VAPID_SUBJECT: '' })).toThrow(/set together/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(/set together/);
  });

  it('refuses malformed values and never shows the private key', () => {
    expect(() => loadConfig({ ...keys, VAPID_SUBJECT: 'ops@example.com' })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ ...keys, VAPID_SUBJECT: 'http://example.com' })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ ...keys, VAPID_PUBLIC_KEY: 'short' })).toThrow(/VAPID_PUBLIC_KEY/);
    const badPrivate = () => loadConfig({ ...keys, VAPID_PRIVATE_KEY: 'not-a-key-but-a-s3cret' });
    expect(badPrivate).toThrow(/VAPID_PRIVATE_KEY/);
    expect(badPrivate).not.toThrow(/s3cret/);
  });
});

describe('where pushes may go (decision 0072)', () => {
  it("allows the browsers' push services by default, and adds the hosts PUSH_ALLOWED_HOSTS lists", () => {
    expect(loadConfig({}).pushEndpoints).toEqual({
      allowedHosts: [
        'fcm.googleapis.com',
        'updates.push.services.mozilla.com',
        '*.push.apple.com',
        '*.notify.windows.com',
      ],
      loopbackForTests: false,
    });
    expect(
      loadConfig({ PUSH_ALLOWED_HOSTS: ' Push.Example.com, *.push.example.net,,fcm.googleapis.com ' })
        .pushEndpoints.allowedHosts,
    ).toEqual([
      'fcm.googleapis.com',
      'updates.push.services.mozilla.com',
      '*.push.apple.com',
      '*.notify.windows.com',
      'push.example.com',
      '*.push.example.net',
    ]);
  });

  it('refuses anything in PUSH_ALLOWED_HOSTS that is not a host name or a *.domain pattern', () => {
    for (const bad of [
      '*',
      '*.com',
      'localhost',
      '127.0.0.1',
      '10.0.0.0/8',
      '[::1]',
      'https://push.example.com',
      'push.example.com:443',
      'push.example.com.',
      'push.*.example.com',
      '*push.example.com',
      'push..example.com',
      '-push.example.com',
      'push_service.example.com',
      'push.example.com/path',
      'push.example.123',
    ])
      expect(() => loadConfig({ PUSH_ALLOWED_HOSTS: `fcm.googleapis.com,${bad}` }), bad).toThrow(
        /PUSH_ALLOWED_HOSTS must be a comma-separated list of host names/,
      );
  });

  it('takes PUSH_TEST_LOOPBACK outside production only, and stops a production server that sets it', () => {
    expect(loadConfig({ NODE_ENV: 'test', PUSH_TEST_LOOPBACK: 'true' }).pushEndpoints.loopbackForTests).toBe(
      true,
    );
    expect(
      loadConfig({ NODE_ENV: 'development', PUSH_TEST_LOOPBACK: 'false' }).pushEndpoints.loopbackForTests,
    ).toBe(false);
    // NODE_ENV unset is production.
    for (const env of [
      { PUSH_TEST_LOOPBACK: 'true' },
      { NODE_ENV: 'production', PUSH_TEST_LOOPBACK: 'true' },
    ])
      expect(() => loadConfig(env)).toThrow(/PUSH_TEST_LOOPBACK is for tests only/);
    expect(() => loadConfig({ NODE_ENV: 'test', PUSH_TEST_LOOPBACK: 'yes' })).toThrow(/PUSH_TEST_LOOPBACK/);
  });

  it('lets everyone in by default, and reads SIGNUP_MODE and GUEST_ACCESS (decision 0081)', () => {
    expect(loadConfig({}).access).toEqual({ signupMode: 'open', guests: true });
    expect(loadConfig({ SIGNUP_MODE: 'invite', GUEST_ACCESS: 'off' }).access).toEqual({
      signupMode: 'invite',
      guests: false,
    });
    expect(loadConfig({ SIGNUP_MODE: 'closed', GUEST_ACCESS: 'on' }).access.signupMode).toBe('closed');
    expect(() => loadConfig({ SIGNUP_MODE: 'private' })).toThrow(
      /SIGNUP_MODE must be one of open, invite, closed \(got "private"\)/,
    );
    expect(() => loadConfig({ GUEST_ACCESS: 'false' })).toThrow(
      /GUEST_ACCESS must be on or off \(got "false"\)/,
    );
  });
});

describe('scheduled backups (decision 0080)', () => {
  it('are off without BACKUP_DIR, and keep 14 at 03:00 by default', () => {
    expect(loadConfig({}).backups).toBeUndefined();
    expect(loadConfig({ BACKUP_KEEP: '3', BACKUP_HOUR: '5' }).backups).toBeUndefined();
    expect(loadConfig({ BACKUP_DIR: '/var/backups/wordhoard' }).backups).toEqual({
      dir: '/var/backups/wordhoard',
      keep: 14,
      hour: 3,
    });
    expect(loadConfig({ BACKUP_DIR: '/b', BACKUP_KEEP: '1', BACKUP_HOUR: '0' }).backups).toMatchObject({
      keep: 1,
      hour: 0,
    });
  });

  it('refuses an hour outside 0-23 and a count below 1, naming the variable', () => {
    for (const hour of ['24', '-1', '3.5', 'three'])
      expect(() => loadConfig({ BACKUP_DIR: '/b', BACKUP_HOUR: hour }), hour).toThrow(
        /BACKUP_HOUR must be an hour/,
      );
    for (const keep of ['0', '-2', '1.5', 'all'])
      expect(() => loadConfig({ BACKUP_DIR: '/b', BACKUP_KEEP: keep }), keep).toThrow(
        /BACKUP_KEEP must be a whole/,
      );
  });
});

describe('the free plan’s limits on this instance', () => {
  it('are SPEC’s unless set, and raise the free roles only', () => {
    expect(loadConfig({}).limits).toEqual(ROLE_LIMITS);
    const raised = loadConfig({ FREE_DICTIONARIES: '5', FREE_TESTS_PER_DAY: '20' }).limits;
    for (const role of ['user', 'notVerifiedUser', 'notAcceptedPolicyUser'] as const)
      expect(raised[role]).toEqual({ ...ROLE_LIMITS.user, dictionaries: 5, testsPerDay: 20 });
    expect(raised.guest).toEqual(ROLE_LIMITS.guest);
    expect(raised.premium).toEqual(ROLE_LIMITS.premium);
  });

  it('refuses what is not a whole number in range, naming the variable', () => {
    for (const value of ['0', '-1', '2.5', 'many'])
      expect(() => loadConfig({ FREE_DICTIONARIES: value }), value).toThrow(
        /FREE_DICTIONARIES must be a whole number/,
      );
    expect(() => loadConfig({ FREE_WORDS_PER_DICTIONARY: '5001' })).toThrow(
      /FREE_WORDS_PER_DICTIONARY must be a whole number from 1 to 5000/,
    );
  });
});
