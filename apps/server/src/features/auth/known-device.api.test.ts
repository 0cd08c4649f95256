import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../../test/clock';
import { PASSWORD, startAuthTestBed, type AuthTestBed } from '../../../test/auth-bed';
import { testDriver, type TestApp } from '../../../test/harness';
import { SmtpSink } from '../../../test/smtp-sink';

/**
 * Code mails asked for someone else (docs/decisions/0075-known-devices.md): strangers on many
 * networks spend only the budget of clients the account has never signed in on, so the owner's
 * own devices still get their restore and verification codes; strangers stay capped, and the
 * answer for an address with an account is the answer for one without. Every client is a real
 * cookie jar at its own address; floods are real parallel requests, on PGlite and PostgreSQL.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The cookie that marks a device as one the account has signed in on (on http). */
const DEVICE_COOKIE = 'wordhoard_device';

let bed: AuthTestBed;
let t: TestApp;
let sink: SmtpSink;
const clock = new TestClock();
let counter = 0;
const uniqueEmail = (label: string) => `${label}.${++counter}@example.com`;
let network = 0;
/** A network no other test uses (TEST-NET-3 and the benchmarking range). */
const newAddress = () => {
  network += 1;
  return `198.19.${network >> 8}.${network & 255}`;
};

beforeAll(async () => {
  bed = await startAuthTestBed({ clock });
  ({ t, sink } = bed);
});
afterAll(() => bed.close());

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
  json(): { code?: string; message?: string };
}

/** A browser at one network address that keeps the cookies it is given, as a real one does. */
class Browser {
  readonly jar = new Map<string, string>();
  constructor(public ip: string = newAddress()) {}

  async send(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object): Promise<Answer> {
    const cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: cookie ? { cookie } : {},
      remoteAddress: this.ip,
    });
    const setCookie = response.headers['set-cookie'];
    for (const header of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = '', ...attributes] = header.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const cleared = attributes.some(
        (a) => /^\s*max-age=0$/i.test(a) || /expires=thu, 01 jan 1970/i.test(a),
      );
      if (cleared || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return response;
  }
}

/** Someone on a network of their own, with no cookies of the account. */
const strangerAsks = (email: string, ip = newAddress()) =>
  new Browser(ip).send('POST', '/api/auth/restore/code', { email });

const countBy = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((counts, { statusCode }) => {
    counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    return counts;
  }, {});

/** A verified, active account signed up on `device`. */
async function ownerOn(device: Browser, email = uniqueEmail('owner')) {
  const signup = await device.send('POST', '/api/auth/signup', { email, password: PASSWORD });
  expect(signup.statusCode, signup.body).toBe(201);
  const code = await sink.codeFor(email);
  expect((await device.send('POST', '/api/auth/verify', { code })).statusCode).toBe(200);
  expect((await device.send('PATCH', '/api/users/accept-policy')).statusCode).toBe(204);
  return email;
}

/** The owner asks for a restore code on `device`, gets it by mail and signs in with it. */
async function ownerRestores(device: Browser, email: string) {
  const before = sink.mailsTo(email).length;
  const asked = await device.send('POST', '/api/auth/restore/code', { email });
  expect(asked.statusCode, asked.body).toBe(204);
  const mail = await sink.waitFor(email, before);
  expect(mail.subject).toBe('Your Wordhoard password reset code');
  const code = await sink.codeFor(email, before);
  const restored = await device.send('POST', '/api/auth/restore', { email, code });
  expect(restored.statusCode, restored.body).toBe(200);
}

describe(`strangers asking for the owner's codes (${testDriver})`, () => {
  it('20 strangers on 20 networks spend their own budget, not the owner’s device’s', async () => {
    const phone = new Browser();
    const email = await ownerOn(phone);
    clock.advance(2 * MINUTE);

    for (let i = 0; i < 20; i += 1) {
      expect((await strangerAsks(email)).statusCode, `stranger ${i + 1}`).toBe(204);
    }
    // Strangers are still capped: 20 an hour for one address from every other client together.
    const capped = await strangerAsks(email);
    expect(capped.statusCode).toBe(429);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(55 * 60);

    // The owner's phone, now on another network, is not a stranger to the account.
    phone.ip = newAddress();
    await ownerRestores(phone, email);
  });

  it('200 parallel requests from 20 networks: strangers get 20 mails, the owner still gets theirs', async () => {
    const laptop = new Browser();
    const email = await ownerOn(laptop);
    clock.advance(2 * MINUTE);
    const networks = Array.from({ length: 20 }, () => newAddress());

    const before = sink.mailsTo(email).length;
    const flood = await Promise.all(
      Array.from({ length: 200 }, (_, i) => strangerAsks(email, networks[i % 20])),
    );
    expect(countBy(flood)).toEqual({ 204: 20, 429: 180 });
    for (const refused of flood.filter((response) => response.statusCode === 429)) {
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    }
    // The mail is sent before the answer: every 204 is a mail already delivered, no more.
    expect(sink.mailsTo(email).length - before).toBe(20);

    await ownerRestores(laptop, email);
    // Signed in again on the laptop, with the restore code.
    expect((await laptop.send('GET', '/api/users/me')).statusCode).toBe(200);
  });

  it('a stranger on the owner’s own network cannot spend the owner’s device budget either', async () => {
    const office = newAddress();
    const desktop = new Browser(office);
    const email = await ownerOn(desktop);
    clock.advance(2 * MINUTE);
    // A colleague behind the same address, without the owner's cookies.
    expect((await strangerAsks(email, office)).statusCode).toBe(204);
    expect((await strangerAsks(email, office)).statusCode).toBe(429);
    await ownerRestores(desktop, email);
  });

  it('a new account still gets its verification code again after strangers flooded its address', async () => {
    const device = new Browser();
    const email = uniqueEmail('new');
    const signup = await device.send('POST', '/api/auth/signup', { email, password: PASSWORD });
    expect(signup.statusCode).toBe(201);
    clock.advance(2 * MINUTE);
    const flood = await Promise.all(
      Array.from({ length: 40 }, (_, i) => strangerAsks(email, `198.18.200.${i}`)),
    );
    expect(countBy(flood)).toEqual({ 204: 20, 429: 20 });

    const before = sink.mailsTo(email).length;
    const resent = await device.send('POST', '/api/auth/verify/resend');
    expect(resent.statusCode, resent.body).toBe(204);
    expect((await sink.waitFor(email, before)).subject).toBe('Your Wordhoard verification code');
    const code = await sink.codeFor(email, before);
    expect((await device.send('POST', '/api/auth/verify', { code })).statusCode).toBe(200);
  });

  it('strangers cannot keep an address from signing up', async () => {
    const email = uniqueEmail('unborn');
    const flood = await Promise.all(Array.from({ length: 25 }, () => strangerAsks(email)));
    expect(countBy(flood)).toEqual({ 204: 20, 429: 5 });
    const device = new Browser();
    const signup = await device.send('POST', '/api/auth/signup', { email, password: PASSWORD });
    expect(signup.statusCode, signup.body).toBe(201);
    expect((await sink.waitFor(email)).subject).toBe('Your Wordhoard verification code');
  });

  it('a device stays known after signing out', async () => {
    const tablet = new Browser();
    const email = await ownerOn(tablet);
    expect((await tablet.send('DELETE', '/api/cookie/token')).statusCode).toBe(204);
    // Signing out ended the session, not the device's standing.
    clock.advance(2 * MINUTE);
    await Promise.all(Array.from({ length: 21 }, () => strangerAsks(email)));
    await ownerRestores(tablet, email);
  });
});

describe(`who counts as the owner's device (${testDriver})`, () => {
  it('not a device that signed in to another account, nor one with a made-up cookie', async () => {
    const email = await ownerOn(new Browser());
    const strangerWithAccount = new Browser();
    await ownerOn(strangerWithAccount);
    expect(strangerWithAccount.jar.get(DEVICE_COOKIE)).toMatch(/^[\w-]{22}$/);
    clock.advance(2 * MINUTE);
    await Promise.all(Array.from({ length: 20 }, () => strangerAsks(email)));

    expect((await strangerWithAccount.send('POST', '/api/auth/restore/code', { email })).statusCode).toBe(
      429,
    );
    const forger = new Browser();
    forger.jar.set(DEVICE_COOKIE, `${'A'.repeat(22)}.${strangerWithAccount.jar.get(DEVICE_COOKIE)}`);
    expect((await forger.send('POST', '/api/auth/restore/code', { email })).statusCode).toBe(429);
  });

  it('a device signed in before this release becomes known when its session is refreshed', async () => {
    const old = new Browser();
    const email = await ownerOn(old);
    old.jar.delete(DEVICE_COOKIE);
    clock.advance(10 * MINUTE);
    expect((await old.send('POST', '/api/cookie/refresh')).statusCode).toBe(204);
    expect(old.jar.has(DEVICE_COOKIE)).toBe(true);
    await Promise.all(Array.from({ length: 21 }, () => strangerAsks(email)));
    await ownerRestores(old, email);
  });

  it('a device that knew an old password is a stranger once the password changes', async () => {
    const mine = new Browser();
    const email = await ownerOn(mine);
    // Someone who had the password signed in once and kept the cookie.
    const theirs = new Browser();
    expect((await theirs.send('POST', '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(
      200,
    );
    const changed = await mine.send('POST', '/api/auth/password', {
      password: 'Another456',
      currentPassword: PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(204);
    clock.advance(2 * MINUTE);
    await Promise.all(Array.from({ length: 20 }, () => strangerAsks(email)));

    expect((await theirs.send('POST', '/api/auth/restore/code', { email })).statusCode).toBe(429);
    await ownerRestores(mine, email);
  });
});

describe(`the budget of the account's own devices (${testDriver})`, () => {
  it('is 1 a minute and 5 an hour for all of them together', async () => {
    const device = new Browser();
    const email = await ownerOn(device);
    const ask = () => device.send('POST', '/api/auth/restore/code', { email });
    const soon = await ask();
    // The sign-up's code was mailed less than a minute ago.
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(60);
    const answers: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      clock.advance(MINUTE + 1000);
      answers.push((await ask()).statusCode);
    }
    // The sign-up's code and four more.
    expect(answers).toEqual([204, 204, 204, 204, 429]);
    clock.advance(HOUR);
    expect((await ask()).statusCode).toBe(204);
  });

  it('holds for many of its devices asking at once', async () => {
    const first = new Browser();
    const email = await ownerOn(first);
    const devices = [first];
    for (let i = 0; i < 14; i += 1) {
      const device = new Browser();
      expect((await device.send('POST', '/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(
        200,
      );
      devices.push(device);
    }
    const askAll = () =>
      Promise.all(devices.map((device) => device.send('POST', '/api/auth/restore/code', { email })));
    const before = sink.mailsTo(email).length;
    const answers: Record<number, number>[] = [];
    for (let round = 0; round < 5; round += 1) {
      clock.advance(MINUTE + 1000);
      answers.push(countBy(await askAll()));
    }
    // One a minute: the sign-up's code and four more in the hour, whichever device asks.
    expect(answers).toEqual([...Array.from({ length: 4 }, () => ({ 204: 1, 429: 14 })), { 429: 15 }]);
    expect(sink.mailsTo(email).length - before).toBe(4);
  });
});

describe(`the answer does not tell whether an account exists (${testDriver})`, () => {
  /** 200 parallel requests from 20 networks: what came back, and how long each 429 said to wait. */
  async function flood(email: string) {
    const networks = Array.from({ length: 20 }, () => newAddress());
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => strangerAsks(email, networks[i % 20])),
    );
    return {
      counts: countBy(answers),
      bodies: new Set(answers.map((answer) => answer.body.replace(/\d+/g, 'N'))),
      waits: new Set(
        answers
          .filter((answer) => answer.statusCode === 429)
          .map((answer) => (Number(answer.headers['retry-after']) > 60 ? 'hour' : 'minute')),
      ),
    };
  }

  it('strangers see the same for an address with an account and one without', async () => {
    const withAccount = await ownerOn(new Browser());
    clock.advance(2 * MINUTE);
    const withoutAccount = uniqueEmail('nobody');
    const [a, b] = [await flood(withAccount), await flood(withoutAccount)];
    expect(a.counts).toEqual({ 204: 20, 429: 180 });
    expect(b).toEqual(a);
  });

  it('so does someone with cookies of their own account', async () => {
    const stranger = new Browser();
    await ownerOn(stranger);
    const withAccount = await ownerOn(new Browser());
    const withoutAccount = uniqueEmail('nobody');
    clock.advance(2 * MINUTE);
    const asks = async (email: string) => {
      const answers: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        answers.push((await stranger.send('POST', '/api/auth/restore/code', { email })).statusCode);
      }
      return answers;
    };
    expect(await asks(withAccount)).toEqual([204, 429, 429]);
    expect(await asks(withoutAccount)).toEqual([204, 429, 429]);
  });
});
