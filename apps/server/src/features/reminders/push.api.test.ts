import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import {
  createServer as createTcpServer,
  type AddressInfo,
  type Server as TcpServer,
  type Socket,
} from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import webPush from 'web-push';
import { pushSubscriptions } from '../../db/schema';
import { apiClient } from '../../../test/api-client';
import { TestClock } from '../../../test/clock';
import { createUser } from '../../../test/fixtures';
import { DnsServer } from '../../../test/dns-server';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { PushEndpoint, verifyVapid } from '../../../test/push-endpoint';
import { stateFingerprint } from '../../../test/state';
import { numberedWords, testingDriver } from '../../../test/testing-driver';
import { PUSH_TOPIC, PUSH_TTL_SECONDS } from './push.service';

const vapid = webPush.generateVAPIDKeys();
const VAPID_ENV = {
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: 'mailto:push-test@example.com',
};
// The test push service listens on 127.0.0.1: only this opt-in (refused in production) lets the
// server post there (decision 0072).
const TEST_PUSH_ENV = { ...VAPID_ENV, PUSH_TEST_LOOPBACK: 'true' };

// 9 March 2026, 12:00 UTC; the learners below are in UTC with the default reminder time, 18:00.
const clock = new TestClock(new Date('2026-03-09T12:00:00Z'));
let t: TestApp;
let endpoint: PushEndpoint;

beforeAll(async () => {
  endpoint = await new PushEndpoint().start();
  t = await createTestApp({ clock: clock.now, env: TEST_PUSH_ENV });
});
afterAll(async () => {
  await t.close();
  await endpoint.stop();
});

const api = () => apiClient(t.app);
type User = Awaited<ReturnType<typeof createUser>>;

async function storedEndpoints(userId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return rows.map((row) => row.endpoint).sort();
}

async function subscribe(user: User) {
  const subscription = endpoint.subscribe(vapid.publicKey);
  (await api().as(user.cookie).call('subscribePush', { body: subscription })).data();
  return subscription;
}

function at(iso: string): void {
  const target = Date.parse(iso);
  if (target < clock.now().getTime()) throw new Error(`the clock is already past ${iso}`);
  clock.advance(target - clock.now().getTime());
}

describe(`push subscriptions (${testDriver})`, () => {
  it("gives the server's public key to anyone", async () => {
    expect((await api().call('pushKey')).data()).toEqual({ publicKey: vapid.publicKey });
  });

  it('keeps a subscription for its caller only; the same endpoint from another account moves', async () => {
    const first = await createUser(t.app, 'user');
    const second = await createUser(t.app, 'premium');
    const device = await subscribe(first);
    const other = await subscribe(first);
    expect(await storedEndpoints(first.id)).toEqual([device.endpoint, other.endpoint].sort());

    // The browser re-subscribes the same endpoint signed in as someone else: it moves.
    (await api().as(second.cookie).call('subscribePush', { body: device })).data();
    expect(await storedEndpoints(first.id)).toEqual([other.endpoint]);
    expect(await storedEndpoints(second.id)).toEqual([device.endpoint]);

    // Deleting someone else's endpoint is a no-op; one's own goes.
    (
      await api()
        .as(first.cookie)
        .call('unsubscribePush', { body: { endpoint: device.endpoint } })
    ).data();
    expect(await storedEndpoints(second.id)).toEqual([device.endpoint]);
    (
      await api()
        .as(second.cookie)
        .call('unsubscribePush', { body: { endpoint: device.endpoint } })
    ).data();
    expect(await storedEndpoints(second.id)).toEqual([]);
    // Again: still 204 (the browser may unsubscribe after the server forgot it).
    (
      await api()
        .as(second.cookie)
        .call('unsubscribePush', { body: { endpoint: device.endpoint } })
    ).data();
  });

  it('is never for guests nor for anyone signed out', async () => {
    const guest = await createUser(t.app, 'guest');
    const before = await stateFingerprint(t.database.db);
    const body = endpoint.subscribe(vapid.publicKey);
    const refused = await api().as(guest.cookie).call('subscribePush', { body });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ROLE_NOT_ALLOWED');
    expect((await api().call('subscribePush', { body })).statusCode).toBe(401);
    expect(await stateFingerprint(t.database.db)).toBe(before);
  });

  it('refuses malformed subscriptions and changes nothing', async () => {
    const user = await createUser(t.app, 'user');
    const good = endpoint.subscribe(vapid.publicKey);
    const before = await stateFingerprint(t.database.db);
    const bad = [
      { ...good, endpoint: 'ftp://127.0.0.1/abc' },
      { ...good, endpoint: `https://push.example.com/${'a'.repeat(2048)}` },
      { ...good, endpoint: 'not a url' },
      { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(1) } },
      { ...good, keys: { ...good.keys, auth: `${good.keys.auth}AA` } },
      { ...good, keys: { ...good.keys, auth: '+/+/+/+/+/+/+/+/+/+/+/' } },
      { endpoint: good.endpoint },
    ];
    for (const body of bad) {
      const refused = await api()
        .as(user.cookie)
        .call('subscribePush', { body: body as typeof good });
      expect(refused.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(refused.json().code).toBe('VALIDATION_ERROR');
    }
    expect(await stateFingerprint(t.database.db)).toBe(before);
  });

  it('answers 503 PUSH_UNAVAILABLE, localized, where push is not configured', async () => {
    const off = await createTestApp();
    try {
      expect((await apiClient(off.app).call('pushKey')).data()).toEqual({ publicKey: null });
      const user = await createUser(off.app, 'user');
      const refused = await apiClient(off.app)
        .as(user.cookie)
        .call('subscribePush', {
          body: endpoint.subscribe(vapid.publicKey),
          headers: { 'accept-language': 'de' },
        });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({
        code: 'PUSH_UNAVAILABLE',
        message: 'Push-Benachrichtigungen sind auf diesem Server nicht verfügbar',
      });
    } finally {
      await off.close();
    }
  });
});

/** Endpoints that name this machine, its network or a host that is no push service. */
const NOT_PUSH_SERVICES = [
  'https://localhost./push/x',
  'https://foo.localhost./push/x',
  'https://localhost/push/x',
  'https://127.0.0.1.nip.io/push/x',
  'https://localtest.me/push/x',
  'https://kubernetes.default.svc/push/x',
  'https://kubernetes.default.svc.cluster.local./push/x',
  'https://metadata.google.internal/computeMetadata/v1/',
  'https://printer.local/push/x',
  'https://intranet/push/x',
  'http://127.0.0.1:5432/push/x',
  'https://127.0.0.1/push/x',
  'https://2130706433/push/x',
  'https://0x7f000001/push/x',
  'https://0177.0.0.1/push/x',
  'https://127.1/push/x',
  'https://[::1]/push/x',
  'https://[::ffff:127.0.0.1]/push/x',
  'https://[::ffff:7f00:1]/push/x',
  'https://[fd00::1]/push/x',
  'https://[fe80::1]/push/x',
  'https://169.254.169.254/latest/meta-data/',
  'https://10.0.0.8/push/x',
  'https://100.64.0.1/push/x',
  'https://fcm.googleapis.com./fcm/send/x',
  'https://fcm.googleapis.com@127.0.0.1/push/x',
  'https://user:pass@fcm.googleapis.com/fcm/send/x',
  'http://fcm.googleapis.com/fcm/send/x',
  'https://fcm.googleapis.com.attacker.example/fcm/send/x',
  'https://push.apple.com/x',
  'https://web.push.apple.com.attacker.example/x',
  'https://push.example.com/x',
];

const BROWSER_PUSH_SERVICES = [
  'https://fcm.googleapis.com/fcm/send/abc:APA91bH',
  'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
  'https://web.push.apple.com/QGuQyavXutnMH2WY',
  'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
];

describe(`subscribing: only a browser's push service (${testDriver})`, () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await createTestApp({ env: { ...VAPID_ENV, NODE_ENV: 'production' } });
  });
  afterAll(async () => {
    await production.close();
  });

  it('in production refuses every other host, however spelled, with a localized 400, and keeps nothing', async () => {
    const user = await createUser(production.app, 'user');
    const keys = endpoint.subscribe(vapid.publicKey).keys;
    const before = await stateFingerprint(production.database.db);
    for (const url of NOT_PUSH_SERVICES) {
      const refused = await apiClient(production.app)
        .as(user.cookie)
        .call('subscribePush', { body: { endpoint: url, keys }, headers: { 'accept-language': 'de' } });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json(), url).toEqual({
        statusCode: 400,
        code: 'PUSH_ENDPOINT_NOT_ALLOWED',
        message: 'Dieser Server sendet keine Benachrichtigungen über den Push-Dienst dieses Browsers',
      });
    }
    expect(await stateFingerprint(production.database.db)).toBe(before);

    for (const url of BROWSER_PUSH_SERVICES)
      (
        await apiClient(production.app)
          .as(user.cookie)
          .call('subscribePush', { body: { endpoint: url, keys } })
      ).data();
    const stored = await production.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id));
    expect(stored.map((row) => row.endpoint).sort()).toEqual([...BROWSER_PUSH_SERVICES].sort());
  });

  it('with the test opt-in, only loopback addresses are added, never a name for them', async () => {
    const user = await createUser(t.app, 'user');
    const keys = endpoint.subscribe(vapid.publicKey).keys;
    const before = await stateFingerprint(t.database.db);
    for (const url of [
      'http://localhost:4321/push/x',
      'http://localtest.me:4321/push/x',
      'http://10.0.0.8/push/x',
    ]) {
      const refused = await api()
        .as(user.cookie)
        .call('subscribePush', { body: { endpoint: url, keys } });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().code, url).toBe('PUSH_ENDPOINT_NOT_ALLOWED');
    }
    expect(await stateFingerprint(t.database.db)).toBe(before);
  });
});

/** A TCP listener standing for a service inside the network: it counts who reaches it. */
class InternalService {
  private server: TcpServer | undefined;
  readonly peers: string[] = [];
  port = 0;

  async start(): Promise<this> {
    // '::' takes both 127.0.0.1 and ::1 on one port.
    this.server = createTcpServer((socket) => {
      this.peers.push(socket.remoteAddress ?? '?');
      socket.destroy();
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '::', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

/** A push "service" that takes the connection and the request and never answers nor hangs up. */
class SilentService {
  private server: TcpServer | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly closedWaiters: (() => void)[] = [];
  closed = 0;
  port = 0;

  async start(): Promise<this> {
    this.server = createTcpServer((socket) => {
      this.sockets.add(socket);
      socket.resume();
      socket.on('error', () => socket.destroy());
      socket.on('close', () => {
        this.sockets.delete(socket);
        this.closed += 1;
        for (const resolve of this.closedWaiters.splice(0)) resolve();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** Resolves once `count` connections have been closed (by the other side: this one never does). */
  async closedConnections(count: number): Promise<void> {
    while (this.closed < count) await new Promise<void>((resolve) => this.closedWaiters.push(resolve));
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

/** Fastify's logger writing JSON lines into `lines`, for tests that read what was logged. */
function collectLogs(lines: LogLine[]) {
  return { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line) as LogLine) } };
}

interface LogLine {
  level: number;
  msg: string;
  origin?: string;
  status?: number;
  err?: { message: string; code?: string };
}

describe(`sending: where a push may go at send time (${testDriver})`, () => {
  let dns: DnsServer;
  let internal: InternalService;
  let silent: SilentService;
  let redirecting: HttpServer;
  let redirectingPort = 0;
  let sender: TestApp;
  const logs: LogLine[] = [];

  beforeAll(async () => {
    [dns, internal, silent] = await Promise.all([
      new DnsServer().start(),
      new InternalService().start(),
      new SilentService().start(),
    ]);
    redirecting = createHttpServer((request, response) => {
      request.resume();
      response.writeHead(307, { location: `http://127.0.0.1:${internal.port}/push/elsewhere` });
      response.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    redirectingPort = (redirecting.address() as AddressInfo).port;
    sender = await createTestApp({
      clock: clock.now,
      env: { ...TEST_PUSH_ENV, PUSH_ALLOWED_HOSTS: 'push.example.test, *.push.example.net' },
      // The default send timeout: a refusal must come from the address, never from the clock.
      pushTransport: { resolveHost: dns.resolveHost() },
      logger: collectLogs(logs),
    });
  });
  afterAll(async () => {
    await sender.close();
    await new Promise<void>((resolve) => redirecting.close(() => resolve()));
    await Promise.all([dns.stop(), internal.stop(), silent.stop()]);
  });

  async function subscribeTo(url: string) {
    const user = await createUser(sender.app, 'user');
    const keys = endpoint.subscribe(vapid.publicKey).keys;
    (
      await apiClient(sender.app)
        .as(user.cookie)
        .call('subscribePush', { body: { endpoint: url, keys } })
    ).data();
    return user;
  }

  const undelivered = (origin: string) =>
    logs.filter((line) => line.msg === 'push reminder not delivered' && line.origin === origin);

  it('a push service name that resolves to this machine is refused: nothing reaches the listener', async () => {
    dns.set('push.example.test', ['127.0.0.1']);
    const origin = `https://push.example.test:${internal.port}`;
    const user = await subscribeTo(`${origin}/push/a`);
    // The name is only looked up when sending.
    expect(dns.queries.filter((query) => query.name === 'push.example.test')).toEqual([]);

    await sender.app.services.push.sendReminder(user.id, { dueCount: 2, language: 'en' });

    expect(dns.queries).toContainEqual({ name: 'push.example.test', type: 'A' });
    expect(internal.peers).toEqual([]);
    expect(undelivered(origin).map((line) => line.err?.code)).toEqual(['ERR_PUSH_ADDRESS_NOT_PUBLIC']);
  });

  it('so is one that resolves to any internal address, or to a public and an internal one', async () => {
    const cases: [string, string[]][] = [
      ['loopback6', ['::1']],
      ['mapped', ['::ffff:127.0.0.1']],
      ['private', ['10.1.2.3']],
      ['cgnat', ['100.64.0.7']],
      ['linklocal', ['169.254.169.254']],
      ['uniquelocal', ['fd12:3456::1']],
      ['unspecified', ['0.0.0.0']],
      ['mixed', ['8.8.8.8', '127.0.0.1']],
    ];
    for (const [label, addresses] of cases) {
      const host = `${label}.push.example.net`;
      dns.set(host, addresses);
      const origin = `https://${host}:${internal.port}`;
      const user = await subscribeTo(`${origin}/push/b`);
      await sender.app.services.push.sendReminder(user.id, { dueCount: 1, language: 'en' });
      expect(
        undelivered(origin).map((line) => line.err?.code),
        label,
      ).toEqual(['ERR_PUSH_ADDRESS_NOT_PUBLIC']);
    }
    expect(internal.peers).toEqual([]);
  });

  it('a subscription kept before these rules is checked again when sending', async () => {
    // As a row saved by an older version, which took any name outside production.
    const user = await createUser(sender.app, 'user');
    const origin = `http://localhost:${internal.port}`;
    const keys = endpoint.subscribe(vapid.publicKey).keys;
    await sender.database.db
      .insert(pushSubscriptions)
      .values({ userId: user.id, endpoint: `${origin}/push/old`, p256dh: keys.p256dh, auth: keys.auth });

    await sender.app.services.push.sendReminder(user.id, { dueCount: 1, language: 'en' });

    expect(internal.peers).toEqual([]);
    expect(undelivered(origin).map((line) => line.err?.code)).toEqual(['ERR_PUSH_ENDPOINT_NOT_ALLOWED']);
  });

  it('a push service that never answers is given up after the send timeout', async () => {
    // A short timeout of its own: the silent service would otherwise hold the send for 10 s.
    const quickLogs: LogLine[] = [];
    const quick = await createTestApp({
      clock: clock.now,
      env: TEST_PUSH_ENV,
      pushTransport: { timeoutMs: 1000 },
      logger: collectLogs(quickLogs),
    });
    try {
      const origin = `http://127.0.0.1:${silent.port}`;
      const user = await createUser(quick.app, 'user');
      const keys = endpoint.subscribe(vapid.publicKey).keys;
      (
        await apiClient(quick.app)
          .as(user.cookie)
          .call('subscribePush', { body: { endpoint: `${origin}/push/silent`, keys } })
      ).data();

      await quick.app.services.push.sendReminder(user.id, { dueCount: 1, language: 'en' });

      // The server hung up: the silent service never closes a connection itself.
      await silent.closedConnections(1);
      const given = quickLogs.filter((line) => line.msg === 'push reminder not delivered');
      expect(given.map((line) => [line.origin, line.err?.code])).toEqual([[origin, 'ABORT_ERR']]);
    } finally {
      await quick.close();
    }
  });

  it('a redirect is not followed', async () => {
    const origin = `http://127.0.0.1:${redirectingPort}`;
    const user = await subscribeTo(`${origin}/push/moved`);
    await sender.app.services.push.sendReminder(user.id, { dueCount: 1, language: 'en' });
    expect(internal.peers).toEqual([]);
    expect(
      logs.filter((line) => line.msg === 'push service refused a reminder' && line.origin === origin),
    ).toMatchObject([{ status: 307 }]);
  });
});

describe("the test push service's VAPID check", () => {
  const audience = 'http://127.0.0.1:4321';
  const header = (privateKey: string, publicKey: string, aud = audience) =>
    webPush.getVapidHeaders(aud, VAPID_ENV.VAPID_SUBJECT, publicKey, privateKey, 'aes128gcm').Authorization;

  it('accepts a token signed by the subscription key', () => {
    expect(
      verifyVapid(header(vapid.privateKey, vapid.publicKey), { audience, expectedKey: vapid.publicKey }),
    ).toBe(undefined);
  });

  it('rejects a token signed by another key, whatever key it names', () => {
    const other = webPush.generateVAPIDKeys();
    const forged = header(other.privateKey, other.publicKey).replace(/k=[\w-]+$/, `k=${vapid.publicKey}`);
    expect(verifyVapid(forged, { audience, expectedKey: vapid.publicKey })).toBe('bad signature');
    // Honestly signed with the other key: not the key the browser subscribed with.
    expect(
      verifyVapid(header(other.privateKey, other.publicKey), { audience, expectedKey: vapid.publicKey }),
    ).toBe('not the key the subscription was made with');
  });

  it('rejects another audience, an expiry beyond 24 hours and no authorization', () => {
    const signed = header(vapid.privateKey, vapid.publicKey, 'http://127.0.0.1:9999');
    expect(verifyVapid(signed, { audience, expectedKey: vapid.publicKey })).toMatch(/^audience/);
    const tooEarly = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    expect(
      verifyVapid(header(vapid.privateKey, vapid.publicKey), {
        audience,
        expectedKey: vapid.publicKey,
        now: tooEarly,
      }),
    ).toBe('expiry not within 24 hours');
    expect(verifyVapid(undefined, { audience, expectedKey: vapid.publicKey })).toBe('no vapid authorization');
  });
});

describe(`push reminders (${testDriver})`, () => {
  it('each device gets the reminder, encrypted, signed and localized; a device gone (410) is forgotten', async () => {
    const user = await createUser(t.app, 'user');
    (
      await api()
        .as(user.cookie)
        .call('updateMe', { body: { interfaceLanguage: 'uk' } })
    ).data();
    const phone = await subscribe(user);
    const laptop = await subscribe(user);
    const gone = await subscribe(user);
    endpoint.answer(gone.endpoint, 410);
    const broken = await subscribe(user);
    endpoint.answer(broken.endpoint, 500);

    await t.app.services.push.sendReminder(user.id, { dueCount: 3, language: 'uk' });

    const expected = { title: 'Час повторити слова', body: '3 слова чекають на повторення', url: '/menu' };
    expect(endpoint.payloads(phone.endpoint)).toEqual([expected]);
    expect(endpoint.payloads(laptop.endpoint)).toEqual([expected]);
    const delivered = endpoint.received.find((push) => push.endpoint === phone.endpoint);
    expect(delivered?.headers).toEqual({
      ttl: String(PUSH_TTL_SECONDS),
      urgency: 'normal',
      topic: PUSH_TOPIC,
    });
    // The 410 is forgotten; a 500 is only logged (the device may be back tomorrow).
    expect(await storedEndpoints(user.id)).toEqual([phone.endpoint, laptop.endpoint, broken.endpoint].sort());
    expect(endpoint.rejected.filter((r) => r.reason !== 'told to answer so')).toEqual([]);
  });

  it('picks the plural form of each language', async () => {
    const user = await createUser(t.app, 'user');
    const device = await subscribe(user);
    for (const [language, dueCount] of [
      ['pl', 1],
      ['pl', 5],
      ['en', 21],
      ['fr', 2],
    ] as const)
      await t.app.services.push.sendReminder(user.id, { dueCount, language });
    expect(endpoint.payloads(device.endpoint).map((payload) => (payload as { body: string }).body)).toEqual([
      '1 słówko czeka na powtórkę',
      '5 słówek czeka na powtórkę',
      '21 words are waiting for review',
      '2\u00a0mots attendent d’être révisés',
    ]);
  });

  it('the reminder job pushes once, at the learner’s time, when words are due', async () => {
    // Three words skipped (graded Again) at noon the day before: due again today at noon.
    at('2026-03-09T12:00:00Z');
    const user = await createUser(t.app, 'user');
    (
      await api()
        .as(user.cookie)
        .call('updateMe', { body: { interfaceLanguage: 'pl' } })
    ).data();
    const drive = testingDriver(t.app);
    await drive.testOf(user, numberedWords(3));
    for (let i = 0; i < 3; i += 1) (await drive.skip(user, await drive.current(user))).data();
    const device = await subscribe(user);
    const revoked = await subscribe(user);
    endpoint.answer(revoked.endpoint, 410);

    at('2026-03-10T17:59:00Z');
    await t.app.services.reminders.run();
    expect(endpoint.payloads(device.endpoint)).toEqual([]);

    at('2026-03-10T18:00:00Z');
    const due = (await api().as(user.cookie).call('dueCounts')).data().total;
    expect(due).toBe(3);
    await t.app.services.reminders.run();
    at('2026-03-10T18:05:00Z');
    await t.app.services.reminders.run();
    expect(endpoint.payloads(device.endpoint)).toEqual([
      { title: 'Czas powtórzyć słówka', body: '3 słówka czekają na powtórkę', url: '/menu' },
    ]);
    expect(await storedEndpoints(user.id)).toEqual([device.endpoint]);
  });
});
