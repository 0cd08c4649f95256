import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewLog, wordCards } from '../../db/schema';
import { TestClock } from '../../../test/clock';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { stateFingerprint } from '../../../test/state';
import { numberedWords, testingDriver } from '../../../test/testing-driver';

const ALL = { type: 'quantity', from: 'all', count: 20, order: 'asc' } as const;
const clock = new TestClock(new Date('2026-03-10T12:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(async () => {
  await t.close();
});

/** Moves the clock forward to `iso` (tests here run in time order). */
function at(iso: string): void {
  const target = Date.parse(iso);
  if (target < clock.now().getTime()) throw new Error(`the clock is already past ${iso}`);
  clock.advance(target - clock.now().getTime());
}

const drive = () => testingDriver(t.app);
type User = Awaited<ReturnType<typeof createUser>>;

/** A user of `zone` whose zone counts already (its change took effect), with a one-word dictionary. */
async function learnerIn(zone: string, effectiveBy: string): Promise<{ user: User; id: string }> {
  const user = await createUser(t.app, 'user');
  (
    await drive()
      .as(user)
      .call('updateMe', { body: { timeZone: zone } })
  ).data();
  at(effectiveBy);
  return { user, id: await drive().dictionaryWith(user, numberedWords(1)) };
}

const start = (user: User, id: string) => drive().start(user, id, ALL);

describe(`the learner's time zone (${testDriver})`, () => {
  it('refuses an unknown zone with a localized message and changes nothing', async () => {
    const user = await createUser(t.app, 'user');
    const me = drive().as(user);
    expect((await me.call('me')).data()).toMatchObject({ timeZone: 'UTC', dailyGoal: 20 });
    const before = await stateFingerprint(t.database.db);
    for (const timeZone of ['Mars/Olympus_Mons', '', 'UTC; drop table users']) {
      const refused = await me.call('updateMe', {
        body: { timeZone, dailyGoal: 30 },
        headers: { 'accept-language': 'de' },
      });
      expect(refused.statusCode).toBe(400);
      expect(JSON.stringify(refused.json())).toContain('Wähle eine Zeitzone aus der Liste');
    }
    const outOfRange = await me.call('updateMe', { body: { dailyGoal: 501 } });
    expect(outOfRange.statusCode).toBe(400);
    expect(JSON.stringify(outOfRange.json())).toContain('Choose a daily goal between 5 and 500 words');
    expect(await stateFingerprint(t.database.db)).toBe(before);

    const changed = (
      await me.call('updateMe', { body: { timeZone: 'America/Los_Angeles', dailyGoal: 5 } })
    ).data();
    expect(changed).toMatchObject({ timeZone: 'America/Los_Angeles', dailyGoal: 5 });
    expect((await me.call('me')).data()).toMatchObject({ timeZone: 'America/Los_Angeles', dailyGoal: 5 });
  });

  it('keeps the day in progress after a change east: no fresh tests sooner than the old day would give', async () => {
    // 12:00 UTC on 10 March: the UTC day would end at midnight.
    at('2026-03-10T12:00:00Z');
    const user = await createUser(t.app, 'user');
    const id = await drive().dictionaryWith(user, numberedWords(1));
    for (let i = 0; i < 5; i += 1) (await start(user, id)).data();
    (
      await drive()
        .as(user)
        .call('updateMe', { body: { timeZone: 'Pacific/Kiritimati' } })
    ).data();
    // Kiritimati (UTC+14) is on 11 March already; its next midnight after the UTC day's end
    // is the start of 12 March there, 10:00 UTC on the 11th: the spent day lasts until then.
    const resetsAt = '2026-03-11T10:00:00.000Z';
    expect(await drive().state(user)).toMatchObject({ testsLeft: 0, testsResetAt: resetsAt });
    at('2026-03-11T00:30:00Z');
    const over = await start(user, id);
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({ code: 'MAX_TESTS', limit: { resetsAt } });
    at('2026-03-11T10:00:00Z');
    expect((await start(user, id)).data()).toEqual({ testsLeft: 4 });
  });

  it('counts no test twice after a change west: the day in progress goes on until the new zone’s midnight', async () => {
    at('2026-03-12T12:00:00Z');
    const user = await createUser(t.app, 'user');
    const id = await drive().dictionaryWith(user, numberedWords(1));
    for (let i = 0; i < 2; i += 1) (await start(user, id)).data();
    (
      await drive()
        .as(user)
        .call('updateMe', { body: { timeZone: 'America/Los_Angeles' } })
    ).data();
    // The UTC day of the 12th ends at midnight; Los Angeles' 13 March begins at 07:00 UTC (PDT).
    const resetsAt = '2026-03-13T07:00:00.000Z';
    expect(await drive().state(user)).toMatchObject({ testsLeft: 3, testsResetAt: resetsAt });
    at('2026-03-13T06:59:00Z');
    expect((await start(user, id)).data()).toEqual({ testsLeft: 2 });
    at('2026-03-13T07:00:00Z');
    expect(await drive().state(user)).toMatchObject({
      testsLeft: 5,
      testsResetAt: '2026-03-14T07:00:00.000Z',
    });
  });
});

describe(`the daily cap on the learner's local day (${testDriver})`, () => {
  it('resets at midnight in Kiritimati (UTC+14), not at midnight UTC', async () => {
    const { user, id } = await learnerIn('Pacific/Kiritimati', '2026-03-16T00:00:00Z');
    // 23:30 on 20 March in Kiritimati is 09:30 UTC the same date.
    at('2026-03-20T09:30:00Z');
    const resetsAt = '2026-03-20T10:00:00.000Z';
    expect(await drive().state(user)).toMatchObject({ testsLeft: 5, testsResetAt: resetsAt });
    for (let i = 0; i < 5; i += 1) (await start(user, id)).data();
    const over = await start(user, id);
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({ code: 'MAX_TESTS', limit: { role: 'user', limit: 5, resetsAt } });
    // 00:30 on the 21st there, still 20 March in UTC: a new day for the learner.
    at('2026-03-20T10:30:00Z');
    expect(await drive().state(user)).toMatchObject({
      testsLeft: 5,
      testsResetAt: '2026-03-21T10:00:00.000Z',
    });
    expect((await start(user, id)).data()).toEqual({ testsLeft: 4 });
  });

  it('goes on past midnight UTC in Los Angeles until the local midnight', async () => {
    const { user, id } = await learnerIn('America/Los_Angeles', '2026-03-24T00:00:00Z');
    // 16:30 PDT on 24 March is 23:30 UTC.
    at('2026-03-24T23:30:00Z');
    const resetsAt = '2026-03-25T07:00:00.000Z';
    for (let i = 0; i < 5; i += 1) (await start(user, id)).data();
    // 00:30 UTC on the 25th, 17:30 on the 24th in Los Angeles: the day is still spent.
    at('2026-03-25T00:30:00Z');
    const over = await start(user, id);
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({ code: 'MAX_TESTS', limit: { resetsAt } });
    expect(await drive().state(user)).toMatchObject({ testsLeft: 0, testsResetAt: resetsAt });
    // 00:30 local on the 25th.
    at('2026-03-25T07:30:00Z');
    expect((await start(user, id)).data()).toEqual({ testsLeft: 4 });
  });

  it('counts words due today up to the local midnight', async () => {
    const { user } = await learnerIn('Pacific/Kiritimati', '2026-03-28T00:00:00Z');
    const id = await drive().dictionaryWith(user, numberedWords(2), 'Due');
    const words = (
      await drive()
        .as(user)
        .call('getDictionary', { params: { id }, query: { page: 1, limit: 10 } })
    ).data().words;
    // w0 due at 09:00 UTC on the 28th (23:00 in Kiritimati), w1 at 11:00 UTC (01:00 on the 29th there).
    const dueAt = { w0: '2026-03-28T09:00:00Z', w1: '2026-03-28T11:00:00Z' } as Record<string, string>;
    await t.database.db.insert(wordCards).values(
      words.map((word) => ({
        wordId: word.id,
        dictionaryId: id,
        reversed: false,
        due: new Date(dueAt[word.term] ?? ''),
        stability: 3,
        difficulty: 5,
        scheduledDays: 3,
        learningSteps: 0,
        reps: 1,
        lapses: 0,
        state: 2,
        lastReview: new Date('2026-03-25T09:00:00Z'),
      })),
    );
    at('2026-03-28T02:00:00Z');
    // 16:00 on the 28th in Kiritimati: today ends at 10:00 UTC, not at UTC midnight.
    const due = (await drive().as(user).call('dueCounts')).data();
    expect(due).toMatchObject({ total: 1, until: '2026-03-28T10:00:00.000Z' });
    const progress = (await drive().as(user).call('dictionaryProgress', { params: { id } })).data();
    expect(progress.due).toEqual({ forward: 1, swapped: 0, until: '2026-03-28T10:00:00.000Z' });
  });
});

describe(`GET /users/me/progress (${testDriver})`, () => {
  it('counts reviews per local day in the learner’s zone: goal, today, streak with a freeze, heatmap', async () => {
    const { user } = await learnerIn('America/Los_Angeles', '2026-04-01T00:00:00Z');
    const me = drive().as(user);
    (await me.call('updateMe', { body: { dailyGoal: 5 } })).data();
    const wordId = (
      await me.call('getDictionary', {
        params: { id: await drive().dictionaryWith(user, numberedWords(1), 'Seen') },
        query: { page: 1, limit: 10 },
      })
    ).data().words[0]?.id;
    if (!wordId) throw new Error('no word');
    // Local (PDT, UTC-7) days 1–7 April studied, 8 April missed (only a definition typed, no
    // review), 9–10 April studied, and 11 April, today, at 3 so far: under the goal, but one
    // review is enough for the streak (decision 0086). 23:30 local on 10 April is 06:30 UTC on
    // the 11th: it belongs to the 10th, and 00:30 local on the 11th (07:30 UTC) to today.
    const rows: Date[] = [];
    const local = (day: number, hour: number, minute = 0) =>
      new Date(Date.UTC(2026, 3, day, hour + 7, minute));
    for (let day = 1; day <= 7; day += 1) for (let i = 0; i < 5; i += 1) rows.push(local(day, 9, i));
    for (let i = 0; i < 5; i += 1) rows.push(local(9, 12, i));
    for (let i = 0; i < 5; i += 1) rows.push(local(10, 23, 30 + i));
    for (let i = 0; i < 3; i += 1) rows.push(local(11, 0, 30 + i));
    // Definitions typed on the way (no rating) are not reviews.
    const partial = (time: Date) => ({ ...base(user.id, wordId, time), rating: null });
    await t.database.db
      .insert(reviewLog)
      .values([
        ...rows.map((time) => base(user.id, wordId, time)),
        partial(local(8, 9)),
        partial(local(11, 1)),
      ]);

    at('2026-04-11T20:00:00Z'); // 13:00 on the 11th in Los Angeles
    const progress = (await me.call('myProgress')).data();
    expect(progress.goal).toBe(5);
    expect(progress.todayReviewed).toBe(3);
    expect(progress.streak).toEqual({
      current: 10,
      longest: 10,
      studiedToday: true,
      freezesBanked: 0,
      frozenDays: ['2026-04-08'],
    });
    expect(progress.heatmap).toHaveLength(365);
    expect(progress.heatmap.at(-1)).toEqual({ date: '2026-04-11', reviews: 3 });
    const byDate = new Map(progress.heatmap.map((cell) => [cell.date, cell.reviews]));
    expect(byDate.get('2026-04-10')).toBe(5);
    expect(byDate.get('2026-04-08')).toBe(0);
    expect(byDate.get('2026-03-31')).toBe(0);
    expect(progress.heatmap[0]?.date).toBe('2025-04-12');

    // Only the caller's own log: another learner sees none of it.
    const other = await createUser(t.app, 'user');
    const theirs = (await drive().as(other).call('myProgress')).data();
    expect(theirs.todayReviewed).toBe(0);
    expect(theirs.heatmap.every((cell) => cell.reviews === 0)).toBe(true);
    expect(theirs.streak).toEqual({
      current: 0,
      longest: 0,
      studiedToday: false,
      freezesBanked: 0,
      frozenDays: [],
    });
  });

  it('needs a session', async () => {
    const response = await drive().as({ cookie: '' }).call('myProgress');
    expect(response.statusCode).toBe(401);
  });
});

function base(userId: string, wordId: string, reviewedAt: Date) {
  return {
    userId,
    wordId,
    reversed: false,
    definition: 'd0',
    typed: 'd0',
    result: 'correct' as const,
    rating: 3,
    state: 2,
    durationMs: 2000,
    reviewedAt,
  };
}
