import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewLog, wordCards } from '../../db/schema';
import { startAuthTestBed, type AuthTestBed } from '../../../test/auth-bed';
import { TestClock } from '../../../test/clock';
import { createUser } from '../../../test/fixtures';
import { testDriver, type TestApp } from '../../../test/harness';
import type { SmtpSink } from '../../../test/smtp-sink';
import { stateFingerprint } from '../../../test/state';
import { numberedWords, testingDriver } from '../../../test/testing-driver';

// Tuesday 10 March 2026, 12:00 UTC: New York is on summer time (UTC-4) since the 8th, Berlin
// still on winter time (UTC+1), Tokyo at UTC+9.
const clock = new TestClock(new Date('2026-03-10T12:00:00Z'));
let bed: AuthTestBed;
let t: TestApp;
let sink: SmtpSink;

beforeAll(async () => {
  bed = await startAuthTestBed({ clock });
  ({ t, sink } = bed);
});
afterAll(() => bed.close());

/** Moves the clock forward to `iso` (tests here run in time order). */
function at(iso: string): void {
  const target = Date.parse(iso);
  if (target < clock.now().getTime()) throw new Error(`the clock is already past ${iso}`);
  clock.advance(target - clock.now().getTime());
}

const drive = () => testingDriver(t.app);
type User = Awaited<ReturnType<typeof createUser>>;

interface LearnerOptions {
  zone?: string;
  time?: string;
  reminders?: boolean;
  verified?: boolean;
  due?: number;
  language?: 'en' | 'de' | 'pl';
  goal?: number;
  reviewedToday?: number;
  guest?: boolean;
}

/** A learner with reminders set up, `due` words due now and `reviewedToday` reviews in the last hour. */
async function learner(options: LearnerOptions = {}): Promise<User> {
  const {
    zone = 'UTC',
    time = '18:00',
    reminders = true,
    verified = true,
    due = 3,
    language = 'en',
    goal = 20,
    reviewedToday = 0,
    guest = false,
  } = options;
  const user = await createUser(t.app, guest ? 'guest' : 'user');
  await t.app.services.users.updateAccount(user.id, {
    timeZone: zone,
    interfaceLanguage: language,
    emailVerifiedAt: verified ? clock.now() : null,
    ...(guest ? { guestExpiresAt: new Date(clock.now().getTime() + 24 * 3600_000) } : {}),
  });
  const me = drive().as(user);
  (
    await me.call('updateMe', {
      body: { emailReminders: reminders, reminderTime: time, dailyGoal: Math.max(goal, 5) },
    })
  ).data();
  if (due > 0 || reviewedToday > 0) {
    const id = await drive().dictionaryWith(user, numberedWords(Math.max(due, 1)));
    const words = (await me.call('getDictionary', { params: { id }, query: { page: 1, limit: 50 } })).data()
      .words;
    if (due > 0) {
      await t.database.db.insert(wordCards).values(
        words.slice(0, due).map((word) => ({
          wordId: word.id,
          dictionaryId: id,
          reversed: false,
          due: new Date(clock.now().getTime() - 3600_000),
          stability: 3,
          difficulty: 5,
          scheduledDays: 3,
          learningSteps: 0,
          reps: 1,
          lapses: 0,
          state: 2,
          lastReview: new Date(clock.now().getTime() - 3 * 24 * 3600_000),
        })),
      );
    }
    const wordId = words[0]!.id;
    if (reviewedToday > 0) {
      await t.database.db.insert(reviewLog).values(
        Array.from({ length: reviewedToday }, (_, i) => ({
          userId: user.id,
          wordId,
          reversed: false,
          definition: 'd0',
          typed: 'd0',
          result: 'correct' as const,
          rating: 3,
          state: 2,
          durationMs: 2000,
          reviewedAt: new Date(clock.now().getTime() - (i + 1) * 60_000),
        })),
      );
    }
  }
  return user;
}

const run = () => t.app.services.reminders.run();
const mailsTo = (user: User) => sink.mailsTo(user.email);
/** The one-click address of a reminder mail, from its `List-Unsubscribe` header. */
function oneClickUrl(user: User): URL {
  const header = mailsTo(user)[0]?.headers.get('list-unsubscribe') ?? '';
  const match = /<(https?:\/\/[^>]+)>/.exec(header);
  if (!match?.[1]) throw new Error(`no List-Unsubscribe URL in "${header}"`);
  return new URL(match[1]);
}

describe(`reminder settings (${testDriver})`, () => {
  it('are off at 18:00 by default, change through PATCH /users/me and refuse a malformed time', async () => {
    const user = await createUser(t.app, 'user');
    const me = drive().as(user);
    expect((await me.call('me')).data()).toMatchObject({ emailReminders: false, reminderTime: '18:00' });
    const before = await stateFingerprint(t.database.db);
    for (const reminderTime of ['25:00', '7:30', '07:60', 'noon']) {
      const refused = await me.call('updateMe', {
        body: { emailReminders: true, reminderTime },
        headers: { 'accept-language': 'de' },
      });
      expect(refused.statusCode).toBe(400);
      expect(JSON.stringify(refused.json())).toContain('Gib eine Uhrzeit im Format HH:MM ein');
    }
    expect(await stateFingerprint(t.database.db)).toBe(before);
    const changed = (
      await me.call('updateMe', { body: { emailReminders: true, reminderTime: '07:30' } })
    ).data();
    expect(changed).toMatchObject({ emailReminders: true, reminderTime: '07:30' });
    expect((await me.call('me')).data()).toMatchObject({ emailReminders: true, reminderTime: '07:30' });
  });
});

describe(`the daily reminder (${testDriver})`, () => {
  it('goes at each learner’s local time, only with words due and the goal not met, once a day', async () => {
    at('2026-03-10T12:00:00Z');
    const berlin = await learner({ zone: 'Europe/Berlin', time: '18:00', language: 'de', due: 3 });
    const newYork = await learner({ zone: 'America/New_York', time: '14:00', due: 1 });
    const tokyo = await learner({ zone: 'Asia/Tokyo', time: '03:00', due: 2, language: 'pl' });
    const off = await learner({ zone: 'Europe/Berlin', reminders: false });
    const unverified = await learner({ zone: 'Europe/Berlin', verified: false });
    const guest = await learner({ zone: 'Europe/Berlin', guest: true });
    const nothingDue = await learner({ zone: 'Europe/Berlin', due: 0 });
    const goalMet = await learner({ zone: 'Europe/Berlin', goal: 5, reviewedToday: 5 });
    const goalNotMet = await learner({ zone: 'Europe/Berlin', goal: 5, reviewedToday: 4 });
    const everyone = [berlin, newYork, tokyo, off, unverified, guest, nothingDue, goalMet, goalNotMet];

    // 17:30 in Berlin, 13:30 in New York, 02:30 on the 11th in Tokyo: no one's time yet.
    at('2026-03-10T16:30:00Z');
    await run();
    for (const user of everyone) expect(mailsTo(user), user.email).toHaveLength(0);

    // 18:05 in Berlin: the Berlin learners whose rule holds; not yet New York (14:00 EDT = 18:00 UTC).
    at('2026-03-10T17:05:00Z');
    await run();
    expect(mailsTo(berlin)).toHaveLength(1);
    expect(mailsTo(goalNotMet)).toHaveLength(1);
    for (const user of [newYork, tokyo, off, unverified, guest, nothingDue, goalMet]) {
      expect(mailsTo(user), user.email).toHaveLength(0);
    }
    const mail = mailsTo(berlin)[0]!;
    expect(mail.subject).toBe('3 Wörter warten auf dich');
    expect(mail.text).toContain('Heute sind 3 Wörter fällig');
    expect(mail.text).toContain('http://localhost:3000/menu');
    expect(mail.text).toContain('http://localhost:3000/user/edit');
    expect(mail.html).toContain('href="http://localhost:3000/user/edit"');
    expect(mail.contentTypes).toEqual(['text/plain', 'text/html']);

    // 18:10 UTC: New York's 14:10, Tokyo's 03:10; Berlin is not reminded twice.
    at('2026-03-10T18:10:00Z');
    await run();
    await run();
    expect(mailsTo(newYork)).toHaveLength(1);
    expect(mailsTo(newYork)[0]!.subject).toBe('1 word is waiting for you');
    expect(mailsTo(tokyo)).toHaveLength(1);
    expect(mailsTo(tokyo)[0]!.subject).toBe('Czekają na Ciebie 2 słowa');
    expect(mailsTo(berlin)).toHaveLength(1);
    expect(mailsTo(goalNotMet)).toHaveLength(1);

    // The next day, again once, at the same local time.
    at('2026-03-11T16:59:00Z');
    await run();
    expect(mailsTo(berlin)).toHaveLength(1);
    at('2026-03-11T17:00:00Z');
    await run();
    await run();
    expect(mailsTo(berlin)).toHaveLength(2);
    for (const user of [off, unverified, guest, nothingDue])
      expect(mailsTo(user), user.email).toHaveLength(0);
  });

  it('is skipped for the day when the server comes back more than three hours late', async () => {
    at('2026-03-12T12:00:00Z');
    const late = await learner({ zone: 'UTC', time: '08:00' });
    const onTime = await learner({ zone: 'UTC', time: '11:00' });
    await run();
    expect(mailsTo(late)).toHaveLength(0);
    expect(mailsTo(onTime)).toHaveLength(1);
    at('2026-03-13T08:01:00Z');
    await run();
    expect(mailsTo(late)).toHaveLength(1);
  });

  it('goes once to each learner when runs overlap', async () => {
    at('2026-03-14T12:00:00Z');
    const users = await Promise.all(Array.from({ length: 6 }, () => learner({ zone: 'UTC', time: '12:30' })));
    at('2026-03-14T12:31:00Z');
    const received = sink.mails.length;
    const results = await Promise.all([run(), run(), run()]);
    // Every mail given was received once: no run gave one another had given.
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(sink.mails.length - received);
    for (const user of users) expect(mailsTo(user)).toHaveLength(1);
  });
});

describe(`one-click unsubscribe (${testDriver})`, () => {
  it('carries List-Unsubscribe and List-Unsubscribe-Post (RFC 8058)', async () => {
    at('2026-03-15T12:00:00Z');
    const user = await learner({ zone: 'UTC', time: '12:00' });
    await run();
    const mail = mailsTo(user)[0]!;
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const url = oneClickUrl(user);
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:3000/api/reminders/unsubscribe');
    expect(url.searchParams.get('token')).toMatch(/^[\w-]{32}$/);
    // The page the mail's own link opens asks first, with the same token.
    expect(mail.text).toContain(
      `http://localhost:3000/reminders/unsubscribe?token=${url.searchParams.get('token')}`,
    );
  });

  it('turns e-mail reminders off with a POST, only for the token’s owner; a GET changes nothing', async () => {
    at('2026-03-16T12:00:00Z');
    const owner = await learner({ zone: 'UTC', time: '12:00' });
    const other = await learner({ zone: 'UTC', time: '12:00' });
    await run();
    const url = oneClickUrl(owner);
    const path = `${url.pathname}${url.search}`;

    // A mail scanner following the link: redirected to the page that asks, nothing changed.
    const before = await stateFingerprint(t.database.db);
    const scanned = await t.app.inject({ method: 'GET', url: path });
    expect(scanned.statusCode).toBe(303);
    expect(scanned.headers.location).toBe(`/reminders/unsubscribe${url.search}`);
    expect(await stateFingerprint(t.database.db)).toBe(before);
    expect((await drive().as(owner).call('me')).data().emailReminders).toBe(true);

    // The mail provider's one-click POST, from its own origin, with the RFC 8058 body.
    const posted = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect((await drive().as(owner).call('me')).data().emailReminders).toBe(false);
    expect((await drive().as(other).call('me')).data().emailReminders).toBe(true);
    // Again, and with an unknown token: the same answer, nothing else changes.
    const settled = await stateFingerprint(t.database.db);
    expect((await t.app.inject({ method: 'POST', url: path })).statusCode).toBe(200);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/reminders/unsubscribe?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(unknown.statusCode).toBe(200);
    expect(await stateFingerprint(t.database.db)).toBe(settled);

    // No more reminders for the owner; the other learner still gets theirs.
    at('2026-03-17T12:05:00Z');
    await run();
    expect(mailsTo(owner)).toHaveLength(1);
    expect(mailsTo(other)).toHaveLength(2);
  });
});

describe(`a change of zone (${testDriver})`, () => {
  it('follows a change of zone, never twice on one local date', async () => {
    at('2026-03-24T12:00:00Z');
    const traveller = await learner({ zone: 'Europe/Berlin', time: '18:00' });
    at('2026-03-24T17:05:00Z');
    await run();
    expect(mailsTo(traveller)).toHaveLength(1);
    // Flown to New York: 18:00 there is 22:00 UTC, still the 24th there: no second reminder.
    (
      await drive()
        .as(traveller)
        .call('updateMe', { body: { timeZone: 'America/New_York' } })
    ).data();
    at('2026-03-24T22:05:00Z');
    await run();
    expect(mailsTo(traveller)).toHaveLength(1);
    // The next day at 18:00 in New York.
    at('2026-03-25T21:55:00Z');
    await run();
    expect(mailsTo(traveller)).toHaveLength(1);
    at('2026-03-25T22:00:00Z');
    await run();
    expect(mailsTo(traveller)).toHaveLength(2);
  });
});
