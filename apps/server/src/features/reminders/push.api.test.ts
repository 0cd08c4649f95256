import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import webPush from 'web-push';
import { pushSubscriptions } from '../../db/schema';
import { apiClient } from '../../../test/api-client';
import { TestClock } from '../../../test/clock';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { PushEndpoint, verifyVapid } from '../../../test/push-endpoint';
import { stateFingerprint } from '../../../test/state';
import { numberedWords, testingDriver } from '../../../test/testing-driver';
import { PUSH_TOPIC, PUSH_TTL_SECONDS, isAllowedPushEndpoint } from './push.service';

const vapid = webPush.generateVAPIDKeys();
const VAPID_ENV = {
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: 'mailto:push-test@example.com',
};

// 9 March 2026, 12:00 UTC; the learners below are in UTC with the default reminder time, 18:00.
const clock = new TestClock(new Date('2026-03-09T12:00:00Z'));
let t: TestApp;
let endpoint: PushEndpoint;

beforeAll(async () => {
  endpoint = await new PushEndpoint().start();
  t = await createTestApp({ clock: clock.now, env: VAPID_ENV });
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
      { ...good, endpoint: 'http://push.example.com/abc' }, // http beyond this machine
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

describe('push endpoints the server will post to', () => {
  it('in production: https to a host name only', () => {
    const ok = [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/x',
    ];
    const refused = [
      'http://fcm.googleapis.com/fcm/send/abc',
      'http://127.0.0.1:4321/push/x',
      'https://127.0.0.1/push/x',
      'https://[::1]/push/x',
      'https://10.0.0.8/push',
      'https://localhost/push',
      'https://metadata.internal/push',
      'https://printer.local/push',
      'https://intranet/push',
      'https://user:pass@fcm.googleapis.com/x',
    ];
    for (const url of ok) expect(isAllowedPushEndpoint(url, 'production'), url).toBe(true);
    for (const url of refused) expect(isAllowedPushEndpoint(url, 'production'), url).toBe(false);
  });

  it('elsewhere: also http to this machine, never http beyond it', () => {
    expect(isAllowedPushEndpoint('http://127.0.0.1:4321/push/x', 'test')).toBe(true);
    expect(isAllowedPushEndpoint('http://localhost:4321/push/x', 'development')).toBe(true);
    expect(isAllowedPushEndpoint('http://192.168.1.2/push/x', 'development')).toBe(false);
    expect(isAllowedPushEndpoint('http://push.example.com/x', 'test')).toBe(false);
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
