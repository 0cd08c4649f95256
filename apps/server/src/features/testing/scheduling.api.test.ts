import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DictionaryProgress, DueCounts, Role, TesterOptions, WordInput } from '@wordhoard/shared';
import { TestClock } from '../../../test/clock';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { ALL_WORDS, targetOf, testingDriver } from '../../../test/testing-driver';

/** Spaced repetition (docs/decisions/0011-spaced-repetition.md), driven by a clock the test moves. */
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
// Noon UTC: "due today" means before the next UTC midnight.
const clock = new TestClock(new Date('2026-04-01T12:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(async () => {
  await t.close();
});

type User = { cookie: string };
// `t` exists once beforeAll has run; the driver is made per call.
const drive = () => testingDriver(t.app);
const as = (user: User) => drive().as(user);
const dictionaryWith = (user: User, words: WordInput[]) => drive().dictionaryWith(user, words, 'Spaced');

const ALL = ALL_WORDS;
const DUE = { type: 'due' } as const;
const start = (user: User, dictionaryId: string, range: TesterOptions['range'], swap = false) =>
  drive().start(user, dictionaryId, range, swap);
const state = (user: User) => drive().state(user);
const dueCounts = async (user: User): Promise<DueCounts> => (await as(user).call('dueCounts')).data();
const progress = async (user: User, id: string): Promise<DictionaryProgress> =>
  (await as(user).call('dictionaryProgress', { params: { id } })).data();
const dueIn = async (user: User, id: string) => {
  const entry = (await dueCounts(user)).dictionaries.find((d) => d.dictionaryId === id);
  return { forward: entry?.forward ?? 0, swapped: entry?.swapped ?? 0 };
};

/**
 * Runs the current test to its end: `plan` says per term what to do — the exact answer, an
 * almost-right one (one typo), a wrong check then "next", or a skip.
 */
async function run(
  user: User,
  plan: Record<string, 'good' | 'almost' | 'wrong' | 'skip'>,
): Promise<string[]> {
  const seen: string[] = [];
  for (let current = await state(user); current.test; current = await state(user)) {
    const { term } = current.test;
    seen.push(term);
    const action = plan[term] ?? 'good';
    const answerFor: Record<string, string> = {
      a: 'apple',
      b: 'banana',
      c: 'cherry',
      apple: 'a',
      banana: 'b',
    };
    const expected = answerFor[term] ?? '';
    if (action === 'skip') {
      (await drive().skip(user, targetOf(current.test))).data();
      continue;
    }
    if (action === 'wrong') {
      const wrong = await drive().answer(user, targetOf(current.test), 'nothing like it');
      expect(wrong.data().result).toBe('wrong');
      (await drive().skip(user, targetOf(current.test))).data();
      continue;
    }
    const typed = action === 'almost' ? `${expected}x` : expected;
    const answered = await drive().answer(user, targetOf(current.test), typed);
    expect(answered.data(), term).toMatchObject({ result: 'correct', almost: action === 'almost' });
  }
  return seen;
}

const WORDS = [
  { term: 'a', definitions: ['apple'] },
  { term: 'b', definitions: ['banana'] },
  { term: 'c', definitions: ['cherry'] },
];

describe(`spaced repetition (${testDriver})`, () => {
  it('schedules new words by grade: Again tomorrow, Hard in two days, Good in three', async () => {
    const user = await createUser(t.app, 'developer');
    const id = await dictionaryWith(user, WORDS);
    expect(await dueIn(user, id)).toEqual({ forward: 0, swapped: 0 });
    // Never-tested words are new, not due: they enter the schedule when first answered.
    expect((await start(user, id, DUE)).json()).toMatchObject({ code: 'EMPTY_TEST' });

    expect((await start(user, id, ALL)).statusCode).toBe(201);
    await run(user, { a: 'good', b: 'almost', c: 'wrong' });
    expect((await progress(user, id)).words).toEqual({ total: 3, new: 0, learning: 3, mastered: 0 });
    // Reviewed at noon: nothing is due before midnight.
    expect(await dueIn(user, id)).toEqual({ forward: 0, swapped: 0 });

    clock.advance(DAY);
    expect(await dueIn(user, id)).toEqual({ forward: 1, swapped: 0 });
    expect((await start(user, id, DUE)).statusCode).toBe(201);
    // The due test holds exactly the word answered wrong; it is answered right this time.
    expect(await run(user, {})).toEqual(['c']);
    expect(await dueIn(user, id)).toEqual({ forward: 0, swapped: 0 });

    clock.advance(DAY);
    expect(await dueIn(user, id)).toEqual({ forward: 1, swapped: 0 });
    clock.advance(DAY);
    // Good (a) after three days; b, due since yesterday, comes first (most overdue first).
    const total = await dueCounts(user);
    expect(total).toMatchObject({ total: 2, until: '2026-04-05T00:00:00.000Z' });
    expect(total.dictionaries).toEqual([{ dictionaryId: id, name: 'Spaced', forward: 2, swapped: 0 }]);
    expect((await start(user, id, DUE)).statusCode).toBe(201);
    expect(await run(user, {})).toEqual(['b', 'a']);
    expect(await dueIn(user, id)).toEqual({ forward: 0, swapped: 0 });
  });

  it('keeps each direction on its own schedule', async () => {
    const user = await createUser(t.app, 'developer');
    const id = await dictionaryWith(user, WORDS.slice(0, 2));
    await start(user, id, ALL, true);
    // Swapped: the definitions are shown and the term is expected.
    expect(await run(user, { apple: 'wrong', banana: 'good' })).toEqual(['apple', 'banana']);
    clock.advance(DAY);
    expect(await dueIn(user, id)).toEqual({ forward: 0, swapped: 1 });
    // The forward direction has no card yet: a due test forward is empty and uses no attempt.
    const before = (await state(user)).testsLeft;
    expect((await start(user, id, DUE)).statusCode).toBe(400);
    expect((await state(user)).testsLeft).toBe(before);
    expect((await start(user, id, DUE, true)).statusCode).toBe(201);
    expect(await run(user, {})).toEqual(['apple']);
    expect(await dueIn(user, id)).toEqual({ forward: 0, swapped: 0 });

    await start(user, id, ALL);
    await run(user, { a: 'skip' });
    clock.advance(DAY);
    // A skipped word is graded Again: due tomorrow, forward only.
    expect(await dueIn(user, id)).toEqual({ forward: 1, swapped: 0 });
  });

  it('counts a due test as one of the day’s attempts and holds the cap', async () => {
    const user = await createUser(t.app, 'user');
    const id = await dictionaryWith(user, WORDS);
    expect((await start(user, id, ALL)).json()).toEqual({ testsLeft: 4 });
    await run(user, { a: 'wrong', b: 'wrong', c: 'wrong' });
    clock.advance(DAY);
    for (let left = 4; left >= 0; left -= 1) {
      const response = await start(user, id, DUE);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ testsLeft: left });
    }
    const over = await start(user, id, DUE);
    expect(over.statusCode).toBe(403);
    expect(over.json().code).toBe('MAX_TESTS');
    // The refused start changed nothing: the words are still due.
    expect(await dueIn(user, id)).toEqual({ forward: 3, swapped: 0 });
  });

  it('takes at most 100 due words, most overdue first', async () => {
    const user = await createUser(t.app, 'developer');
    const many = Array.from({ length: 105 }, (_, i) => ({ term: `w${i}`, definitions: [`d${i}`] }));
    const id = await dictionaryWith(user, many);
    await start(user, id, ALL);
    for (let current = await state(user); current.test; current = await state(user)) {
      (await drive().skip(user, targetOf(current.test))).data();
    }
    clock.advance(DAY);
    expect(await dueIn(user, id)).toEqual({ forward: 105, swapped: 0 });
    await start(user, id, DUE);
    const first = await state(user);
    expect(first.test?.total).toBe(100);
  });

  it('reaches mastered after spaced successful reviews, and a lapse brings the word back', async () => {
    const user = await createUser(t.app, 'developer');
    const id = await dictionaryWith(user, WORDS.slice(0, 1));
    await start(user, id, ALL);
    await run(user, {});
    // Good intervals grow: 3 days, then about two weeks, then months.
    for (const days of [3, 14]) {
      clock.advance((days - 1) * DAY);
      expect(await dueIn(user, id), `before ${days} days`).toEqual({ forward: 0, swapped: 0 });
      clock.advance(DAY);
      expect(await dueIn(user, id), `after ${days} days`).toEqual({ forward: 1, swapped: 0 });
      await start(user, id, DUE);
      await run(user, {});
    }
    expect((await progress(user, id)).words).toEqual({ total: 1, new: 0, learning: 0, mastered: 1 });
    await start(user, id, ALL);
    await run(user, { a: 'wrong' });
    expect((await progress(user, id)).words).toMatchObject({ learning: 1, mastered: 0 });
  });

  it('leaves a word deleted during the test ungraded, and deleting the dictionary drops its cards', async () => {
    const user = await createUser(t.app, 'developer');
    const id = await dictionaryWith(user, WORDS.slice(0, 2));
    await start(user, id, ALL);
    const page = (await as(user).call('getDictionary', { params: { id } })).data();
    const wordA = page.words.find((word) => word.term === 'a')!.id;
    (
      await as(user).call('updateDictionary', { params: { id }, body: { words: { delete: [wordA] } } })
    ).data();
    await run(user, { a: 'wrong', b: 'wrong' });
    clock.advance(DAY);
    expect(await dueIn(user, id)).toEqual({ forward: 1, swapped: 0 });
    expect((await progress(user, id)).words).toEqual({ total: 1, new: 0, learning: 1, mastered: 0 });

    (await as(user).call('deleteDictionary', { params: { id } })).data();
    expect((await dueCounts(user)).total).toBe(0);
    const cards = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from word_cards where dictionary_id = ${id}`,
    );
    expect(cards.rows[0]?.n).toBe(0);
  });
});

describe(`progress (${testDriver})`, () => {
  it('charts tests per day over eight weeks and shows the learner’s one streak, the account’s (decision 0086)', async () => {
    const user = await createUser(t.app, 'developer');
    const id = await dictionaryWith(user, WORDS.slice(0, 1));
    const other = await dictionaryWith(user, WORDS.slice(1, 2));
    /** The dictionary's progress, checked against the account's: the two streaks never disagree. */
    const both = async () => {
      const mine = await progress(user, id);
      const account = (await as(user).call('myProgress')).data();
      expect(mine.streak).toEqual(account.streak);
      return mine;
    };
    const empty = await both();
    expect(empty.days).toHaveLength(56);
    expect(empty.days.every((day) => day.tests === 0)).toBe(true);
    expect(empty.streak).toEqual({
      current: 0,
      longest: 0,
      studiedToday: false,
      freezesBanked: 0,
      frozenDays: [],
    });
    expect(empty.words).toEqual({ total: 1, new: 1, learning: 0, mastered: 0 });

    // Two tests started today: no review answered yet, so today does not count yet.
    await start(user, id, ALL);
    await start(user, id, ALL);
    const firstDay = (await both()).days.at(-1)?.day;
    expect((await both()).streak).toMatchObject({ current: 0, studiedToday: false });
    // One answer is enough for the day.
    await run(user, {});
    expect((await both()).streak).toMatchObject({ current: 1, longest: 1, studiedToday: true });

    // The next day here, the day after only in the other dictionary: it is one learner's streak.
    clock.advance(DAY);
    await start(user, id, ALL);
    await run(user, {});
    clock.advance(DAY);
    await start(user, other, ALL);
    await run(user, {});
    let now = await both();
    expect(now.days.slice(-3).map((day) => day.tests)).toEqual([2, 1, 0]);
    expect(now.days.at(-3)?.day).toBe(firstDay);
    expect(now.streak).toMatchObject({ current: 3, longest: 3, studiedToday: true });

    // The next day, before any review, the streak is still alive; a day later it is over.
    clock.advance(DAY);
    now = await both();
    expect(now.streak).toMatchObject({ current: 3, longest: 3, studiedToday: false });
    clock.advance(DAY);
    now = await both();
    expect(now.streak).toMatchObject({ current: 0, longest: 3, studiedToday: false });
    await start(user, id, ALL);
    await run(user, {});
    now = await both();
    expect(now.streak).toMatchObject({ current: 1, longest: 3, studiedToday: true });
    expect(now.days.slice(-5).map((day) => day.tests)).toEqual([2, 1, 0, 0, 1]);
  });

  it.each(['user', 'guest'] as Role[])(
    'shows a %s only their own dictionaries’ counts and progress',
    async (role) => {
      const owner = await createUser(t.app, 'developer');
      const stranger = await createUser(t.app, role);
      const id = await dictionaryWith(owner, WORDS);
      await start(owner, id, ALL);
      await run(owner, { a: 'wrong' });
      clock.advance(DAY);
      expect((await dueCounts(owner)).dictionaries).toEqual([
        { dictionaryId: id, name: 'Spaced', forward: 1, swapped: 0 },
      ]);
      expect(await dueCounts(stranger)).toMatchObject({ total: 0, dictionaries: [] });
      const foreign = await as(stranger).call('dictionaryProgress', { params: { id } });
      expect(foreign.statusCode).toBe(404);
      expect((await start(stranger, id, DUE)).statusCode).toBe(404);
    },
  );
});

describe(`the learner's own scheduler (${testDriver})`, () => {
  it('schedules by the desired retention the learner had when the test started', async () => {
    const careful = await createUser(t.app, 'developer');
    const relaxed = await createUser(t.app, 'developer');
    (await as(careful).call('updateMe', { body: { desiredRetention: 0.97 } })).data();
    (await as(relaxed).call('updateMe', { body: { desiredRetention: 0.7 } })).data();
    const carefulWords = await dictionaryWith(careful, WORDS.slice(0, 1));
    const relaxedWords = await dictionaryWith(relaxed, WORDS.slice(0, 1));
    await start(careful, carefulWords, ALL);
    await start(relaxed, relaxedWords, ALL);
    // Changed after the start: the running test keeps the retention it started with.
    (await as(careful).call('updateMe', { body: { desiredRetention: 0.7 } })).data();
    await run(careful, {});
    await run(relaxed, {});

    // Good on a new word: three days at 97 % (as at the default 90 %), three weeks at 70 %.
    clock.advance(3 * DAY);
    expect(await dueIn(careful, carefulWords)).toEqual({ forward: 1, swapped: 0 });
    expect(await dueIn(relaxed, relaxedWords)).toEqual({ forward: 0, swapped: 0 });
    clock.advance(14 * DAY);
    expect(await dueIn(relaxed, relaxedWords)).toEqual({ forward: 0, swapped: 0 });
    clock.advance(4 * DAY);
    expect(await dueIn(relaxed, relaxedWords)).toEqual({ forward: 1, swapped: 0 });
  });
});
