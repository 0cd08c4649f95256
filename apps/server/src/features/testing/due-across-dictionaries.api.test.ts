import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DUE_TEST_MAX_WORDS,
  type DueCounts,
  type Language,
  type Report,
  type TestItem,
  type WordInput,
} from '@wordhoard/shared';
import { TestClock } from '../../../test/clock';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { ALL_WORDS, targetOf, testingDriver } from '../../../test/testing-driver';

/**
 * The due words of every dictionary in one test (docs/decisions/0048-due-across-dictionaries.md):
 * the menu's counts name each dictionary, the test mixes dictionaries and directions, most
 * overdue first, and every answer is graded into its own word's card in its own direction.
 */
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
// Noon UTC: "due today" means before the next UTC midnight.
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
const as = (user: User) => drive().as(user);
const ALL = ALL_WORDS;
const state = (user: User) => drive().state(user);
const dueCounts = async (user: User): Promise<DueCounts> => (await as(user).call('dueCounts')).data();

/** A dictionary of `user` with `words`, in the given languages; its id. */
async function dictionary(
  user: User,
  name: string,
  [fromLanguage, toLanguage]: [Language, Language],
  words: WordInput[],
): Promise<string> {
  const { id } = (
    await as(user).call('createDictionary', { body: { name, fromLanguage, toLanguage } })
  ).data();
  (await as(user).call('updateDictionary', { params: { id }, body: { words: { create: words } } })).data();
  return id;
}
/** The ids of a dictionary's words by term. */
async function wordIds(user: User, id: string): Promise<Record<string, string>> {
  const page = (await as(user).call('getDictionary', { params: { id } })).data();
  return Object.fromEntries(page.words.map((word) => [word.term, word.id]));
}

/**
 * Makes every word of a dictionary due a day from now in one direction, one minute apart: each
 * is skipped (graded Again: one day) a minute after the one before. The words as shown, in the
 * order they were skipped (words added together have no order of their own).
 */
async function skipAll(user: User, dictionaryId: string, swap: boolean): Promise<string[]> {
  (await drive().start(user, dictionaryId, ALL, swap)).data();
  const order: string[] = [];
  for (let current = await state(user); current.test; current = await state(user)) {
    order.push(current.test.term);
    (await drive().skip(user, targetOf(current.test))).data();
    clock.advance(MINUTE);
  }
  return order;
}

/** Skips through the running test (using the word each skip returns); every word it showed. */
async function skipThrough(user: User): Promise<TestItem[]> {
  const seen: TestItem[] = [];
  let current = (await state(user)).test;
  while (current) {
    seen.push(current);
    const { next } = (await drive().skip(user, targetOf(current))).data();
    current = next ?? null;
  }
  return seen;
}

/** How a test shows a word: the fields decision 0048 added, with the term. */
const shown = (item: TestItem | Report['items'][number]) => ({
  term: item.term,
  dictionaryId: item.dictionaryId,
  reversed: item.reversed,
  promptLanguage: item.promptLanguage,
  answerLanguage: item.answerLanguage,
});

const ANIMALS: WordInput[] = [
  { term: 'cat', definitions: ['Katze'] },
  { term: 'dog', definitions: ['Hund'] },
];
const FOOD: WordInput[] = [{ term: 'pain', definitions: ['bread'] }];

describe(`the due words of every dictionary (${testDriver})`, () => {
  it('counts due words per dictionary with its name', async () => {
    const user = await createUser(t.app, 'developer');
    const animals = await dictionary(user, 'Animals', ['en', 'de'], ANIMALS);
    const food = await dictionary(user, 'Food', ['fr', 'en'], FOOD);
    await skipAll(user, animals, false);
    await skipAll(user, food, true);
    clock.advance(DAY);

    const counts = await dueCounts(user);
    expect(counts.total).toBe(3);
    expect([...counts.dictionaries].sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { dictionaryId: animals, name: 'Animals', forward: 2, swapped: 0 },
      { dictionaryId: food, name: 'Food', forward: 0, swapped: 1 },
    ]);
  });

  it('tests them in both directions, most overdue first, each graded into its own card', async () => {
    const user = await createUser(t.app, 'developer');
    const animals = await dictionary(user, 'Animals', ['en', 'de'], ANIMALS);
    const food = await dictionary(user, 'Food', ['fr', 'en'], FOOD);
    const ids = { ...(await wordIds(user, animals)), ...(await wordIds(user, food)) };
    // Due in this order: the animals forward, then pain swapped, then the animals swapped.
    const forward = await skipAll(user, animals, false);
    clock.advance(HOUR);
    await skipAll(user, food, true);
    clock.advance(HOUR);
    const swapped = await skipAll(user, animals, true);
    clock.advance(DAY);
    expect((await dueCounts(user)).total).toBe(5);

    const before = (await state(user)).testsLeft;
    expect((await drive().startAllDue(user)).statusCode).toBe(201);
    expect((await state(user)).testsLeft).toBe(before - 1);
    const de = { dictionaryId: animals, reversed: false, promptLanguage: 'en', answerLanguage: 'de' };
    const ed = { dictionaryId: animals, reversed: true, promptLanguage: 'de', answerLanguage: 'en' };
    const order = [
      ...forward.map((term) => ({ term, ...de })),
      // A swapped word of a French → English dictionary: English shown, French typed.
      { term: 'bread', dictionaryId: food, reversed: true, promptLanguage: 'en', answerLanguage: 'fr' },
      ...swapped.map((term) => ({ term, ...ed })),
    ];
    const first = await state(user);
    expect(first.test && shown(first.test)).toEqual(order[0]);
    expect(first.test?.total).toBe(5);

    // Per word as shown: the word it is, and what is typed. dog and Hund get another word's
    // answer of their own dictionary first (a confusion, in either direction), then "next".
    const plan: Record<string, { word: string; typed: string; wrong?: true }> = {
      cat: { word: 'cat', typed: 'Katze' },
      dog: { word: 'dog', typed: 'Katze', wrong: true },
      bread: { word: 'pain', typed: 'pain' },
      Katze: { word: 'cat', typed: 'cat' },
      Hund: { word: 'dog', typed: 'cat', wrong: true },
    };
    for (const [index, expected] of order.entries()) {
      const step = plan[expected.term]!;
      const target = await drive().current(user);
      const answered = (await drive().answer(user, target, step.typed)).data();
      let next = answered.next;
      if (step.wrong) {
        expect(answered, expected.term).toMatchObject({ result: 'wrong', confusedWith: { term: 'cat' } });
        next = (await drive().skip(user, await drive().current(user))).data().next;
      } else {
        expect(answered, expected.term).toMatchObject({ result: 'correct', wordResult: 'correct' });
      }
      // The next word comes with its own dictionary, direction and languages.
      const following = order[index + 1];
      expect(next && shown(next)).toEqual(following ?? null);
    }

    const { report } = await state(user);
    expect(report).toMatchObject({ dictionaryId: null, total: 5, correct: 3, wrong: 2, skipped: 0 });
    expect(report?.items.map(shown)).toEqual(order);

    // Each answer went into its word's card in its direction: nothing is due today any more,
    // and tomorrow only the two wrong ones, dog forward and dog swapped.
    expect((await dueCounts(user)).total).toBe(0);
    clock.advance(DAY);
    expect((await dueCounts(user)).dictionaries).toEqual([
      { dictionaryId: animals, name: 'Animals', forward: 1, swapped: 1 },
    ]);

    // The review log has every grade in its word's direction.
    const log = (await as(user).call('exportMe')).data().reviewLog;
    const graded = log.filter((entry) => entry.rating !== null).slice(-5);
    expect(graded.map((entry) => [entry.wordId, entry.reversed, entry.rating])).toEqual(
      order.map(({ term, reversed }) => {
        const step = plan[term]!;
        return [ids[step.word], reversed, step.wrong ? 1 : 3];
      }),
    );

    // The test counted on the day of both dictionaries it held words of.
    for (const id of [animals, food]) {
      const progress = (await as(user).call('dictionaryProgress', { params: { id } })).data();
      expect(progress.days.at(-2)?.tests, id).toBeGreaterThan(0);
    }

    // A word's dictionary in the report turns null once that dictionary is deleted.
    (await as(user).call('deleteDictionary', { params: { id: food } })).data();
    const after = (await state(user)).report;
    expect(after?.items.map((item) => item.dictionaryId)).toEqual(
      order.map((item) => (item.dictionaryId === food ? null : animals)),
    );
  });

  it(`takes at most ${DUE_TEST_MAX_WORDS} words, the most overdue of all dictionaries`, async () => {
    const user = await createUser(t.app, 'developer');
    const numbered = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, i) => ({ term: `${prefix}${i}`, definitions: [`d${i}`] }));
    const older = await dictionary(user, 'Older', ['en', 'uk'], numbered('o', 40));
    const newer = await dictionary(user, 'Newer', ['de', 'pl'], numbered('n', 70));
    await skipAll(user, older, true);
    clock.advance(HOUR);
    const newerOrder = await skipAll(user, newer, false);
    clock.advance(DAY);
    expect((await dueCounts(user)).total).toBe(110);

    (await drive().startAllDue(user)).data();
    const words = await skipThrough(user);
    expect(words).toHaveLength(DUE_TEST_MAX_WORDS);
    // Every word of the older one (swapped), then the 60 longest due of the newer one.
    expect(words.slice(0, 40).every((word) => word.dictionaryId === older && word.reversed)).toBe(true);
    expect(words.slice(40).map((word) => word.term)).toEqual(newerOrder.slice(0, 60));
    expect(words.slice(40).every((word) => word.dictionaryId === newer && !word.reversed)).toBe(true);
    // The ten left out are still due; the skipped hundred are due tomorrow.
    expect((await dueCounts(user)).total).toBe(10);
  });

  it('never takes another learner’s due words, and with nothing due is an empty test', async () => {
    const owner = await createUser(t.app, 'developer');
    const stranger = await createUser(t.app, 'user');
    const animals = await dictionary(owner, 'Animals', ['en', 'de'], ANIMALS);
    const strangers = await dictionary(
      stranger,
      'Mine',
      ['es', 'it'],
      [{ term: 'gato', definitions: ['gatto'] }],
    );
    const order = await skipAll(owner, animals, false);
    // The stranger's word is answered right: not due tomorrow.
    (await drive().start(stranger, strangers, ALL)).data();
    (await drive().answer(stranger, await drive().current(stranger), 'gatto')).data();
    clock.advance(DAY);

    expect(await dueCounts(stranger)).toMatchObject({ total: 0, dictionaries: [] });
    const before = (await state(stranger)).testsLeft;
    const empty = await drive().startAllDue(stranger);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'EMPTY_TEST' });
    // An empty test uses no attempt and leaves the finished test as it was.
    expect(await state(stranger)).toMatchObject({ testsLeft: before, test: null, report: { total: 1 } });

    (await drive().startAllDue(owner)).data();
    const words = await skipThrough(owner);
    expect(words.map((word) => [word.term, word.dictionaryId])).toEqual(order.map((term) => [term, animals]));
  });

  it('refuses a test without a dictionary for any range but the due words', async () => {
    const user = await createUser(t.app, 'developer');
    await dictionary(user, 'Animals', ['en', 'de'], ANIMALS);
    const refused = await as(user).call('createTester', {
      body: { dictionaryId: null, swap: false, range: ALL },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('grades a test saved before its words carried their direction by the test’s', async () => {
    const user = await createUser(t.app, 'developer');
    const animals = await dictionary(user, 'Animals', ['en', 'de'], ANIMALS);
    (await drive().start(user, animals, ALL, true)).data();
    // As a test started before this change holds its words.
    await t.database.db.execute(
      sql`update test_items set item = item - 'dictionaryId' - 'reversed' - 'promptLanguage' - 'answerLanguage'
          where test_id = (select id from test_sessions where user_id = ${user.id})`,
    );
    const { test } = await state(user);
    expect(test).not.toBeNull();
    expect(test && shown(test)).toEqual({
      term: test?.term,
      dictionaryId: undefined,
      reversed: undefined,
      promptLanguage: undefined,
      answerLanguage: undefined,
    });
    // Wrong, with the term of the dictionary's other word: still a confusion (the test's
    // dictionary, in the test's direction).
    const other = test?.term === 'Katze' ? 'dog' : 'cat';
    expect((await drive().answer(user, await drive().current(user), other)).data()).toMatchObject({
      result: 'wrong',
      confusedWith: { term: other },
    });
    await skipThrough(user);
    const { report } = await state(user);
    expect(report).toMatchObject({ dictionaryId: animals, total: 2 });
    expect(report?.items[0]).not.toHaveProperty('dictionaryId');
    clock.advance(DAY);
    expect((await dueCounts(user)).dictionaries).toEqual([
      { dictionaryId: animals, name: 'Animals', forward: 0, swapped: 2 },
    ]);
  });
});
