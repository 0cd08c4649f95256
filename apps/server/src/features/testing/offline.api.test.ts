import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LATE_ANSWERS, type LateAnswer, type OfflinePack } from '@wordhoard/shared';
import { reviewLog, wordCards, words } from '../../db/schema';
import { RATE_LIMITS } from '../rate-limit/rate-limiter';
import { TestClock } from '../../../test/clock';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { ALL_WORDS, testingDriver } from '../../../test/testing-driver';

/**
 * Offline tests (docs/decisions/0058-offline-tests.md): the pack a device keeps to go on
 * offline, the replay of its queued answers, and answers that arrive after their test was
 * replaced on another device.
 */
const clock = new TestClock(new Date('2026-06-01T12:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(async () => {
  await t.close();
});

type User = { id: string; cookie: string };
const drive = () => testingDriver(t.app);

const WORDS = [
  { term: 'dog', definitions: ['Hund'] },
  { term: 'cat', definitions: ['Katze', 'Kater'] },
  { term: 'tree', definitions: ['Baum'] },
];

async function packOf(user: User): Promise<OfflinePack | null> {
  return (await drive().as(user).call('offlinePack')).data().pack;
}

async function cardsOf(wordIds: string[]) {
  return t.database.db.select().from(wordCards).where(inArray(wordCards.wordId, wordIds));
}

async function logOf(user: User) {
  return t.database.db.select().from(reviewLog).where(eq(reviewLog.userId, user.id));
}

/** The answers a device typed offline in `pack`: every word right, the first after a wrong try. */
function typedOffline(pack: OfflinePack, at: Date): LateAnswer[] {
  const answers: LateAnswer[] = [];
  pack.words.forEach((word, index) => {
    const answeredAt = (offset: number) => new Date(at.getTime() + index * 10_000 + offset).toISOString();
    const base = { wordId: word.wordId, reversed: word.reversed ?? false, kind: 'answer' as const };
    if (index === 0)
      answers.push({ ...base, attemptId: randomUUID(), answer: 'Katze', answeredAt: answeredAt(0) });
    for (const [n, definition] of word.definitions.entries())
      answers.push({ ...base, attemptId: randomUUID(), answer: definition, answeredAt: answeredAt(n + 1) });
  });
  return answers;
}

describe(`offline tests (${testDriver})`, () => {
  it('packs every word of the active test with its answers and progress, for its owner only', async () => {
    const owner = await createUser(t.app, 'developer');
    const other = await createUser(t.app, 'developer');
    expect(await packOf(owner)).toBeNull();
    await drive().testOf(owner, WORDS);

    const first = await drive().current(owner);
    (await drive().answer(owner, first, 'Hund')).data();
    const pack = await packOf(owner);
    expect(pack).toMatchObject({ position: 1, dictionaryId: expect.any(String) });
    expect(pack?.words.map((word) => [word.term, word.definitions, word.done, word.result])).toEqual([
      ['dog', ['Hund'], ['Hund'], 'correct'],
      ['cat', ['Katze', 'Kater'], [], null],
      ['tree', ['Baum'], [], null],
    ]);
    expect(await packOf(other)).toBeNull();
  });

  it('applies a queue replayed twice at once exactly once, in order', async () => {
    const user = await createUser(t.app, 'developer');
    await drive().testOf(user, WORDS);
    const pack = await packOf(user);
    if (!pack) throw new Error('no pack');
    // What a device queued offline: each word's answers, with the ids it made then.
    const queue = pack.words.flatMap((word, index) =>
      word.definitions.map((answer) => ({
        position: index + 1,
        wordId: word.wordId,
        attemptId: randomUUID(),
        answer,
      })),
    );
    const replay = async () => {
      for (const body of queue) (await drive().as(user).call('answer', { body })).data();
    };
    await Promise.all([replay(), replay()]);

    const { report } = await drive().state(user);
    expect(report).toMatchObject({ total: 3, correct: 3, wrong: 0, skipped: 0 });
    const finishing = (await logOf(user)).filter((row) => row.rating !== null);
    expect(finishing).toHaveLength(3);
  });

  it('counts answers typed in a test replaced since for the schedule, once, however often they arrive', async () => {
    const user = await createUser(t.app, 'developer');
    const dictionaryId = await drive().testOf(user, WORDS);
    const replaced = await packOf(user);
    if (!replaced) throw new Error('no pack');
    const answers = typedOffline(replaced, clock.now());
    // Another device starts a new test before these answers could be sent.
    clock.advance(60_000);
    (await drive().start(user, dictionaryId, ALL_WORDS)).data();
    const wordIds = replaced.words.map((word) => word.wordId);
    expect(await cardsOf(wordIds)).toHaveLength(0);

    const send = () =>
      drive()
        .as(user)
        .call('lateReviews', { body: { testId: replaced.testId, answers } });
    const results = await Promise.all([send(), send(), send()]);
    const rescheduled = results.map((response) => response.data().rescheduled);
    expect(rescheduled.sort()).toEqual([0, 0, 3]);

    const cards = await cardsOf(wordIds);
    expect(cards).toHaveLength(3);
    const log = (await logOf(user)).filter((row) => row.rating !== null);
    // dog was wrong first (Again = 1); cat and tree were right (Good = 3).
    const ratings = Object.fromEntries(log.map((row) => [row.wordId, row.rating]));
    expect(ratings).toEqual({ [wordIds[0]!]: 1, [wordIds[1]!]: 3, [wordIds[2]!]: 3 });
    // Reviewed at the time typed, not the time sent.
    const dog = log.find((row) => row.wordId === wordIds[0]);
    expect(dog?.reviewedAt.toISOString()).toBe(answers[1]?.answeredAt);

    // A late delivery the next day still counts nothing twice.
    clock.advance(24 * 60 * 60 * 1000);
    expect((await send()).data().rescheduled).toBe(0);
    expect((await logOf(user)).filter((row) => row.rating !== null)).toHaveLength(3);
  });

  it('counts nothing for the active test, an unfinished word, or words that are not the caller\u2019s', async () => {
    const user = await createUser(t.app, 'developer');
    const stranger = await createUser(t.app, 'developer');
    const dictionaryId = await drive().testOf(user, WORDS);
    const pack = await packOf(user);
    if (!pack) throw new Error('no pack');
    const answers = typedOffline(pack, clock.now());

    // Still the active test: its answers go to the test itself.
    const active = await drive()
      .as(user)
      .call('lateReviews', { body: { testId: pack.testId, answers } });
    expect(active.data().rescheduled).toBe(0);

    (await drive().start(user, dictionaryId, ALL_WORDS)).data();
    const strangers = await drive()
      .as(stranger)
      .call('lateReviews', { body: { testId: pack.testId, answers } });
    expect(strangers.data().rescheduled).toBe(0);
    // cat needs two definitions: one typed leaves it unfinished.
    const cat = pack.words[1]!;
    const half = await drive()
      .as(user)
      .call('lateReviews', {
        body: {
          testId: pack.testId,
          answers: [
            {
              attemptId: randomUUID(),
              wordId: cat.wordId,
              reversed: false,
              kind: 'answer',
              answer: 'Kater',
              answeredAt: clock.now().toISOString(),
            },
          ],
        },
      });
    expect(half.data().rescheduled).toBe(0);
    expect(await cardsOf(pack.words.map((word) => word.wordId))).toHaveLength(0);
    const stored = await t.database.db
      .select()
      .from(reviewLog)
      .where(and(eq(reviewLog.userId, stranger.id)));
    expect(stored).toHaveLength(0);
  });

  it('counts a replay of late answers with shifted times once: a burst does not grow the log', async () => {
    const user = await createUser(t.app, 'developer');
    const dictionaryId = await drive().testOf(user, WORDS);
    const replaced = await packOf(user);
    if (!replaced) throw new Error('no pack');
    const answers = typedOffline(replaced, clock.now());
    clock.advance(60_000);
    (await drive().start(user, dictionaryId, ALL_WORDS)).data();
    const send = (shiftMs: number) =>
      drive()
        .as(user)
        .call('lateReviews', {
          body: {
            testId: replaced.testId,
            answers: answers.map((answer) => ({
              ...answer,
              attemptId: randomUUID(),
              answeredAt: new Date(Date.parse(answer.answeredAt) + shiftMs).toISOString(),
            })),
          },
        });
    expect((await send(0)).data().rescheduled).toBe(3);
    // The same answers again, each time with new ids and a clock a little further on (or back).
    const replays = await Promise.all(
      [1, 2, 3, 1000, -1000, 59 * 60_000, -59 * 60_000, 10, 20].map((shift) => send(shift)),
    );
    expect(replays.map((response) => response.data().rescheduled)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect((await logOf(user)).filter((row) => row.rating !== null)).toHaveLength(3);
    // An hour on, it is another review of the same words.
    expect((await send(61 * 60_000)).data().rescheduled).toBe(3);
    expect((await logOf(user)).filter((row) => row.rating !== null)).toHaveLength(6);
  });

  it('limits deliveries of late answers per learner, with Retry-After', async () => {
    const user = await createUser(t.app, 'developer');
    const other = await createUser(t.app, 'developer');
    await drive().testOf(user, WORDS);
    const pack = await packOf(user);
    if (!pack) throw new Error('no pack');
    // Deliveries for the active test count nothing, but they are deliveries all the same.
    const body = { testId: pack.testId, answers: typedOffline(pack, clock.now()) };
    const { limit } = RATE_LIMITS.lateReviewRequests;
    for (let i = 0; i < limit; i += 1)
      expect((await drive().as(user).call('lateReviews', { body })).statusCode).toBe(200);
    const refused = await drive().as(user).call('lateReviews', { body });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(RATE_LIMITS.lateReviewRequests.windowMs / 1000);
    // Another learner is not affected.
    await drive().testOf(other, WORDS);
    const theirs = await packOf(other);
    if (!theirs) throw new Error('no pack');
    const otherBody = { testId: theirs.testId, answers: typedOffline(theirs, clock.now()) };
    expect((await drive().as(other).call('lateReviews', { body: otherBody })).statusCode).toBe(200);
    // The window over, the learner may deliver again.
    clock.advance(RATE_LIMITS.lateReviewRequests.windowMs);
    expect((await drive().as(user).call('lateReviews', { body })).statusCode).toBe(200);
  });

  it('logs at most the day\u2019s budget of late reviews per learner, then refuses until the next day', async () => {
    const user = await createUser(t.app, 'developer');
    // A full batch: MAX_LATE_ANSWERS answers fit in one delivery.
    const count = MAX_LATE_ANSWERS;
    const dictionaryId = await drive().dictionaryWith(
      user,
      Array.from({ length: count }, (_, i) => ({ term: `word ${i}`, definitions: [`Wort ${i}`] })),
    );
    const rows = await t.database.db
      .select({ id: words.id, term: words.term })
      .from(words)
      .where(eq(words.dictionaryId, dictionaryId));
    expect(rows).toHaveLength(count);
    const testId = randomUUID();
    // Each word answered right at `at`: deliveries an hour apart are new reviews of each.
    const deliver = (at: Date, some = rows) =>
      drive()
        .as(user)
        .call('lateReviews', {
          body: {
            testId,
            answers: some.map((row) => ({
              attemptId: randomUUID(),
              wordId: row.id,
              reversed: false,
              kind: 'answer' as const,
              answer: row.term.replace('word', 'Wort'),
              answeredAt: at.toISOString(),
            })),
          },
        });
    const hoursAgo = (hours: number) => new Date(clock.now().getTime() - hours * 60 * 60 * 1000);
    const { limit } = RATE_LIMITS.lateReviewsPerDay;
    expect((await deliver(hoursAgo(20))).data().rescheduled).toBe(count);
    expect((await deliver(hoursAgo(18), rows.slice(0, 700))).data().rescheduled).toBe(700);
    // This delivery gets what is left of the day's budget; the rest is dropped.
    expect((await deliver(hoursAgo(16))).data().rescheduled).toBe(limit - count - 700);
    const refused = await deliver(hoursAgo(14));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const reviews = async () => (await logOf(user)).filter((row) => row.rating !== null).length;
    expect(await reviews()).toBe(limit);
    // A new day, a new budget.
    clock.advance(RATE_LIMITS.lateReviewsPerDay.windowMs);
    expect((await deliver(hoursAgo(12), rows.slice(0, 10))).data().rescheduled).toBe(10);
    expect(await reviews()).toBe(limit + 10);
  });

  it('refuses a malformed delivery with a localized message and changes nothing', async () => {
    const user = await createUser(t.app, 'developer');
    const response = await drive()
      .as(user)
      .call('lateReviews', {
        body: { testId: 'not-an-id', answers: [] },
        headers: { 'accept-language': 'de' },
      });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(response.json().message).not.toMatch(/^[A-Z_]+$/);
  });
});
