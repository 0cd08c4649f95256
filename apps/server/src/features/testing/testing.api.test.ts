import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerResult, Role, TesterOptions, WordInput } from '@wordhoard/shared';
import { TestClock } from '../../../test/clock';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { numberedWords, testingDriver } from '../../../test/testing-driver';
import { buildApp } from '../../app';

const DAY = 24 * 60 * 60 * 1000;
/** The start of the UTC day after `now`'s, as the API writes it. */
const nextUtcMidnight = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
const clock = new TestClock(new Date('2026-03-10T12:00:00Z'));
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
const dictionaryWith = (user: User, words: WordInput[]) => drive().dictionaryWith(user, words);
const start = (user: User, dictionaryId: string, range: TesterOptions['range'], swap = false) =>
  drive().start(user, dictionaryId, range, swap);
const state = (user: User) => drive().state(user);
const current = (user: User) => drive().current(user);
const numbered = numberedWords;
const quantity = (from: 'last' | 'first' | 'all', count: 20 | 50 | 100, order: 'asc' | 'desc' = 'asc') => ({
  type: 'quantity' as const,
  from,
  count,
  order,
});

/** Answers the current word; the answer as the contract shapes it. */
const answer = async (user: User, text: string): Promise<AnswerResult> =>
  (await drive().answer(user, await current(user), text)).data();
const skip = async (user: User) => drive().skip(user, await current(user));

/** Terms of the whole test, walking it by skipping. */
async function walk(user: User): Promise<string[]> {
  const terms: string[] = [];
  for (let now = await state(user); now.test; now = await state(user)) {
    terms.push(now.test.term);
    await skip(user);
  }
  return terms;
}

describe(`tester ranges (${testDriver})`, () => {
  it('takes the last, first or all words, in either order', async () => {
    const user = await createUser(t.app, 'developer');
    const id = await dictionaryWith(user, numbered(25));
    const all = numbered(25).map((word) => word.term);

    expect((await start(user, id, quantity('last', 20))).statusCode).toBe(201);
    expect(await walk(user)).toEqual(all.slice(5));
    await start(user, id, quantity('first', 20, 'desc'));
    expect(await walk(user)).toEqual(all.slice(0, 20).reverse());
    await start(user, id, quantity('all', 20));
    expect(await walk(user)).toEqual(all);
  });

  it('takes words by date: last day, 3 days, week and a custom span', async () => {
    const user = await createUser(t.app, 'developer');
    const id = await dictionaryWith(user, []);
    const add = async (term: string) =>
      drive()
        .as(user)
        .call('updateDictionary', {
          params: { id },
          body: { words: { create: [{ term, definitions: ['x'] }] } },
        });
    await add('old');
    clock.advance(6 * DAY);
    await add('five days');
    clock.advance(3 * DAY);
    await add('two days');
    clock.advance(2 * DAY - 2 * 60 * 60 * 1000);
    await add('two hours');
    clock.advance(2 * 60 * 60 * 1000);

    const termsFor = async (range: TesterOptions['range']) => {
      expect((await start(user, id, range)).statusCode).toBe(201);
      return walk(user);
    };
    expect(await termsFor({ type: 'date', period: 'lastDay' })).toEqual(['two hours']);
    expect(await termsFor({ type: 'date', period: 'last3Days' })).toEqual(['two days', 'two hours']);
    expect(await termsFor({ type: 'date', period: 'lastWeek' })).toEqual([
      'five days',
      'two days',
      'two hours',
    ]);
    expect(await termsFor({ type: 'date', period: 'custom', amount: 3, unit: 'hours' })).toEqual([
      'two hours',
    ]);
    expect(await termsFor({ type: 'date', period: 'custom', amount: 2, unit: 'weeks' })).toHaveLength(4);
    expect(await termsFor({ type: 'date', period: 'custom', amount: 150, unit: 'minutes' })).toEqual([
      'two hours',
    ]);
    const empty = await start(user, id, { type: 'date', period: 'custom', amount: 30, unit: 'minutes' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('EMPTY_TEST');
  });

  it('refuses a custom span without its unit, and another user’s dictionary', async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const id = await dictionaryWith(owner, numbered(2));
    // What the contract forbids goes around the typed client.
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/tester',
      headers: { cookie: owner.cookie },
      payload: { dictionaryId: id, swap: false, range: { type: 'date', period: 'custom', amount: 3 } },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details[0].path).toBe('body.range.unit');
    const foreign = await start(stranger, id, quantity('all', 20));
    expect(foreign.statusCode).toBe(404);
    expect((await state(stranger)).test).toBeNull();
  });
});

describe(`a test run (${testDriver})`, () => {
  it('asks every definition, allows a retry after a wrong check, and reports at the end', async () => {
    const user = await createUser(t.app);
    const id = await dictionaryWith(user, [
      { term: 'cat', definitions: ['Katze', 'Kater'] },
      { term: 'house', definitions: ['Haus'] },
      { term: 'street', definitions: ['Straße'] },
      { term: 'tree', definitions: ['Baum'] },
    ]);
    const created = await start(user, id, quantity('all', 20));
    expect(created.json()).toEqual({ testsLeft: 4 });

    let now = await state(user);
    expect(now).toMatchObject({ testsLeft: 4, report: null });
    expect(now.test).toMatchObject({
      term: 'cat',
      position: 1,
      total: 4,
      needAnswers: 2,
      doneDefinitions: [],
    });

    expect(await answer(user, '  KATZE ')).toEqual({
      result: 'correct',
      almost: false,
      answer: 'Katze',
      correctAnswers: ['Katze'],
      needAnswers: 1,
      doneDefinitions: ['Katze'],
      status: 'applied',
      wordResult: null,
      next: { ...now.test, needAnswers: 1, doneDefinitions: ['Katze'] },
    });
    const wrong = await answer(user, 'Hund');
    expect(wrong).toMatchObject({
      result: 'wrong',
      almost: false,
      correctAnswers: ['Katze', 'Kater'],
      needAnswers: 1,
    });
    // Try again: the same word, still one to go.
    expect((await state(user)).test).toMatchObject({
      term: 'cat',
      needAnswers: 1,
      doneDefinitions: ['Katze'],
    });
    expect(await answer(user, 'kater')).toMatchObject({
      result: 'correct',
      needAnswers: 0,
      wordResult: 'wrong',
    });

    now = await state(user);
    expect(now.test).toMatchObject({ term: 'house', position: 2 });
    expect(await answer(user, 'Haus')).toMatchObject({ result: 'correct', needAnswers: 0 });

    const almost = await answer(user, 'strasse');
    expect(almost).toMatchObject({ result: 'correct', almost: true, answer: 'Straße', needAnswers: 0 });

    expect((await state(user)).test?.term).toBe('tree');
    const lastWord = await current(user);
    const skipped = await drive().skip(user, lastWord);
    expect(skipped.json()).toEqual({
      answer: ['Baum'],
      status: 'applied',
      wordResult: 'skipped',
      next: null,
    });

    const finished = await state(user);
    expect(finished.test).toBeNull();
    expect(finished.report).toMatchObject({ total: 4, correct: 2, wrong: 1, skipped: 1 });
    expect(finished.report?.items.map((item) => [item.term, item.result])).toEqual([
      ['cat', 'wrong'],
      ['house', 'correct'],
      ['street', 'correct'],
      ['tree', 'skipped'],
    ]);
    expect(finished.report?.items[0]?.answers).toEqual(['KATZE', 'Hund', 'kater']);

    // The test is over: its last word keeps its result, and there is no word after it.
    const late = await drive().answer(user, { ...lastWord, attemptId: randomUUID() }, 'Baum');
    expect(late.json()).toMatchObject({ status: 'wordFinished', wordResult: 'skipped' });
    const beyond = await drive().answer(user, { ...lastWord, position: 5 }, 'x');
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().code).toBe('WORD_NOT_CURRENT');
    expect((await state(user)).report?.items[3]?.answers).toEqual([]);
  });

  it('keeps only the last 20 typed answers of a word, so retries cannot grow a test without bound', async () => {
    const user = await createUser(t.app);
    const id = await dictionaryWith(user, [{ term: 'dog', definitions: ['Hund'] }]);
    await start(user, id, quantity('all', 20));
    for (let i = 0; i < 25; i += 1) await answer(user, `wrong ${i}`);
    await skip(user);
    const answers = (await state(user)).report?.items[0]?.answers ?? [];
    expect(answers).toHaveLength(20);
    expect(answers.at(-1)).toBe('wrong 24');
  });

  it('counts "next" after a wrong check as wrong, not skipped', async () => {
    const user = await createUser(t.app);
    const id = await dictionaryWith(user, [{ term: 'dog', definitions: ['Hund'] }]);
    await start(user, id, quantity('all', 20));
    await answer(user, 'Katze');
    expect((await skip(user)).json()).toMatchObject({ status: 'applied', wordResult: 'wrong' });
    expect((await state(user)).report).toMatchObject({ wrong: 1, skipped: 0 });
  });

  it('applies different answers to one word sent at once one after another, losing none', async () => {
    const user = await createUser(t.app);
    const id = await dictionaryWith(user, [
      { term: 'cat', definitions: ['Katze', 'Kater', 'Mieze'] },
      { term: 'dog', definitions: ['Hund'] },
    ]);
    await start(user, id, quantity('all', 20));
    const word = await current(user);
    const typed = ['Katze', 'Kater', 'Mieze'];
    const results = await Promise.all(
      typed.map(async (text) => {
        const response = await drive().answer(user, { ...word, attemptId: randomUUID() }, text);
        return response.data();
      }),
    );
    expect(results.map((r) => [r.result, r.status])).toEqual(typed.map(() => ['correct', 'applied']));
    expect(results.filter((r) => r.needAnswers === 0)).toHaveLength(1);
    expect((await state(user)).test).toMatchObject({ term: 'dog', position: 2, needAnswers: 1 });
    await skip(user);
    const cat = (await state(user)).report?.items[0];
    expect(cat?.result).toBe('correct');
    expect([...(cat?.answers ?? [])].sort()).toEqual(['Kater', 'Katze', 'Mieze']);
  });

  it('swaps: shows the definitions and expects the term', async () => {
    const user = await createUser(t.app);
    const id = await dictionaryWith(user, [{ term: 'Schmetterling', definitions: ['butterfly', 'moth'] }]);
    await start(user, id, quantity('all', 20), true);
    expect((await state(user)).test).toMatchObject({ term: 'butterfly, moth', needAnswers: 1 });
    expect(await answer(user, 'Schmeterling')).toMatchObject({
      result: 'correct',
      almost: true,
      answer: 'Schmetterling',
    });
    expect((await state(user)).report).toMatchObject({ correct: 1 });
  });

  it('keeps one test per user: a new tester replaces the old one', async () => {
    const user = await createUser(t.app);
    const id = await dictionaryWith(user, numbered(3));
    await start(user, id, quantity('all', 20));
    await answer(user, 'd0');
    await start(user, id, quantity('all', 20, 'desc'));
    expect((await state(user)).test).toMatchObject({ term: 'w2', position: 1 });
  });

  it('survives a server restart: all test state is in the database', async () => {
    const user = await createUser(t.app);
    const id = await dictionaryWith(user, numbered(2));
    await start(user, id, quantity('all', 20));
    await answer(user, 'd0');
    const restarted = await buildApp({
      config: t.config,
      database: t.database,
      logger: false,
      serveWeb: false,
      clock: clock.now,
    });
    try {
      const resumed = await restarted.inject({
        method: 'GET',
        url: '/api/testing',
        headers: { cookie: user.cookie },
      });
      expect(resumed.json().test).toMatchObject({ term: 'w1', position: 2, total: 2 });
    } finally {
      await restarted.close();
    }
  });

  it('answers /testing with no test as empty', async () => {
    const user = await createUser(t.app, 'guest');
    expect(await state(user)).toEqual({
      test: null,
      testsLeft: 3,
      testsResetAt: nextUtcMidnight(clock.now()),
      report: null,
    });
    const skipped = await drive().skip(user, { position: 1, wordId: randomUUID(), attemptId: randomUUID() });
    expect(skipped.statusCode).toBe(409);
    expect(skipped.json().code).toBe('NO_ACTIVE_TEST');
  });
});

describe(`daily attempts (${testDriver})`, () => {
  it.each([
    ['guest', 3],
    ['user', 5],
  ] as [Role, number][])(
    'gives a %s %i tests a day, then MAX_TESTS until the next UTC day',
    async (role, limit) => {
      const user = await createUser(t.app, role);
      const id = await dictionaryWith(user, numbered(1));
      for (let i = 1; i <= limit; i += 1) {
        const response = await start(user, id, quantity('all', 20));
        expect(response.json()).toEqual({ testsLeft: limit - i });
      }
      const over = await start(user, id, quantity('all', 20));
      expect(over.statusCode).toBe(403);
      expect(over.json()).toMatchObject({
        code: 'MAX_TESTS',
        message: 'The maximum testing attempts for today is reached',
      });
      // The test already running is untouched.
      expect((await state(user)).test).not.toBeNull();
      clock.advance(DAY);
      expect((await start(user, id, quantity('all', 20))).json()).toEqual({ testsLeft: limit - 1 });
    },
  );

  it('says whose cap MAX_TESTS is and when the next UTC day brings new attempts', async () => {
    clock.advance(DAY);
    const user = await createUser(t.app, 'user');
    const id = await dictionaryWith(user, numbered(1));
    // 23:30 UTC: the attempts come back in half an hour for a learner on UTC, the default zone.
    const now = clock.now();
    clock.advance(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 23, 30) - now.getTime(),
    );
    const resetsAt = nextUtcMidnight(clock.now());
    expect(resetsAt).toBe(new Date(clock.now().getTime() + 30 * 60 * 1000).toISOString());
    expect(await state(user)).toMatchObject({ testsLeft: 5, testsResetAt: resetsAt });
    for (let i = 0; i < 5; i += 1) await start(user, id, quantity('all', 20));

    const over = await start(user, id, quantity('all', 20));
    expect(over.statusCode).toBe(403);
    expect(over.json()).toEqual({
      statusCode: 403,
      code: 'MAX_TESTS',
      message: 'The maximum testing attempts for today is reached',
      limit: { role: 'user', limit: 5, resetsAt },
    });
    expect(await state(user)).toMatchObject({ testsLeft: 0, testsResetAt: resetsAt });
  });

  it('holds the cap when starts race', async () => {
    const user = await createUser(t.app, 'user');
    const id = await dictionaryWith(user, numbered(1));
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => start(user, id, quantity('all', 20))),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(responses.filter((r) => r.statusCode === 403)).toHaveLength(7);
  });

  it('uses the premium, developer and friend limits', async () => {
    for (const [role, limit] of [
      ['premium', 50],
      ['developer', 200],
      ['friend', 50],
    ] as [Role, number][]) {
      const user = await createUser(t.app, role);
      expect((await state(user)).testsLeft).toBe(limit);
    }
  });
});
