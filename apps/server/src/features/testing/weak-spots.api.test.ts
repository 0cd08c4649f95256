import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WordInput } from '@wordhoard/shared';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { ALL_WORDS, testingDriver } from '../../../test/testing-driver';

/**
 * Weak spots (docs/decisions/0049-weak-spots.md): each finished word logs the definitions it
 * recalled unaided and those it missed; misses after a recall are lapses; a word whose
 * definitions lapse the learner's threshold times is a leech; wrong answers that were another
 * word's make confusion pairs; weak definitions and pairs can be tested on their own.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type User = { id: string; cookie: string };
const drive = () => testingDriver(t.app);
const answer = async (user: User, typed: string) =>
  (await drive().answer(user, await drive().current(user), typed)).data();
const skip = async (user: User) => (await drive().skip(user, await drive().current(user))).data();
const weakSpots = async (user: User, id: string) =>
  (await drive().as(user).call('weakSpots', { params: { id } })).data();

/** The outcomes the finished words logged, oldest first. */
async function outcomes(user: User): Promise<{ recalled: string[]; missed: string[] }[]> {
  const { rows } = await t.database.db.execute<{ recalled: string[]; missed: string[] }>(sql`
    select recalled, missed from review_log
    where user_id = ${user.id} and recalled is not null order by id`);
  return rows.map((row) => ({ recalled: row.recalled, missed: row.missed }));
}

/**
 * Runs a test of every word, answering each with what `play` says for its term and what is
 * done of it (null: skip).
 */
async function playAll(
  user: User,
  dictionaryId: string,
  play: (term: string, done: string[]) => string | null,
) {
  (await drive().start(user, dictionaryId, ALL_WORDS)).data();
  for (;;) {
    const { test } = await drive().state(user);
    if (!test) return;
    const typed = play(test.term, test.doneDefinitions);
    if (typed === null) await skip(user);
    else await answer(user, typed);
  }
}

const ANIMALS: WordInput[] = [
  { term: 'cat', definitions: ['Katze'] },
  { term: 'mouse', definitions: ['Maus'] },
  { term: 'paw', definitions: ['Tatze', 'Pfote'] },
];

describe(`weak spots (${testDriver})`, () => {
  it('logs, for each finished word, the definitions recalled unaided and those missed', async () => {
    const user = await createUser(t.app, 'developer');
    await drive().testOf(user, ANIMALS);
    await answer(user, 'Katze');
    // Typed after a wrong check showed the answers: helped, so missed.
    await answer(user, 'Hund');
    await answer(user, 'Maus');
    await answer(user, 'Pfote');
    await answer(user, 'Fell');
    await skip(user);

    expect(await outcomes(user)).toEqual([
      { recalled: ['Katze'], missed: [] },
      { recalled: [], missed: ['Maus'] },
      { recalled: ['Pfote'], missed: ['Tatze'] },
    ]);
  });

  it('takes the check back when the learner overrides it', async () => {
    const user = await createUser(t.app, 'developer');
    await drive().testOf(user, [{ term: 'colour', definitions: ['Farbe'] }]);
    const wrong = await drive().current(user);
    expect((await drive().answer(user, wrong, 'Farbton')).data().result).toBe('wrong');
    const target = await drive().current(user);
    (
      await drive()
        .as(user)
        .call('overrideAnswer', { body: { ...target, overrides: wrong.attemptId } })
    ).data();

    expect(await outcomes(user)).toEqual([{ recalled: ['Farbe'], missed: [] }]);
  });

  it('counts misses and lapses and makes a leech at the learner’s threshold', async () => {
    const user = await createUser(t.app, 'developer');
    const me = drive().as(user);
    // The threshold is the learner's, within 3–30; a value outside changes nothing.
    const refused = await me.call('updateMe', { body: { leechThreshold: 2 } });
    expect(refused.statusCode).toBe(400);
    expect((await me.call('me')).data().leechThreshold).toBe(8);
    expect((await me.call('updateMe', { body: { leechThreshold: 3 } })).data().leechThreshold).toBe(3);

    const id = await drive().dictionaryWith(user, [
      { term: 'cat', definitions: ['Katze'] },
      { term: 'dog', definitions: ['Hund'] },
    ]);
    // cat: recalled, missed, recalled, missed, recalled, missed — three lapses; dog always known.
    for (let round = 0; round < 6; round += 1) {
      await playAll(user, id, (term) => (term === 'dog' ? 'Hund' : round % 2 === 0 ? 'Katze' : null));
      if (round === 3) expect((await weakSpots(user, id)).leeches).toEqual([]);
    }

    const spots = await weakSpots(user, id);
    const cat = spots.definitions[0]?.wordId;
    expect(spots.leechThreshold).toBe(3);
    expect(spots.definitions).toEqual([
      expect.objectContaining({ term: 'cat', reversed: false, definition: 'Katze', misses: 3, lapses: 3 }),
    ]);
    expect(spots.leeches).toEqual([{ wordId: cat, term: 'cat', lapses: 3, suspended: false }]);
    const { report } = await drive().state(user);
    expect(report?.items.map((item) => [item.term, item.leech])).toEqual([
      ['cat', true],
      ['dog', false],
    ]);

    // Rewriting the definition gives it a clean record: no longer a leech.
    (
      await me.call('updateDictionary', {
        params: { id },
        body: { words: { update: [{ id: cat!, definitions: ['die Katze'] }] } },
      })
    ).data();
    expect(await weakSpots(user, id)).toMatchObject({ definitions: [], leeches: [] });
  });

  it('tests the weakest definitions one at a time, the word’s others shown, without moving the schedule', async () => {
    const user = await createUser(t.app, 'developer');
    const id = await drive().dictionaryWith(user, [...ANIMALS, { term: 'dog', definitions: ['Hund'] }]);
    const empty = await drive().start(user, id, { type: 'weak' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('EMPTY_TEST');

    await playAll(user, id, (term, done) => {
      if (term === 'paw') return done.length === 0 ? 'Pfote' : null;
      return ({ mouse: 'Maus', dog: 'Hund' } as Record<string, string>)[term] ?? null;
    });
    // paw: Pfote typed, then skipped: Tatze missed.
    const cards = async () =>
      (
        await t.database.db.execute<{ due: string }>(sql`
          select c.due::text as due from word_cards c join words w on w.id = c.word_id
          where w.dictionary_id = ${id} order by w.term`)
      ).rows.map((row) => row.due);
    const scheduled = await cards();

    (await drive().start(user, id, { type: 'weak' })).data();
    const asked: [string, string[], number][] = [];
    for (;;) {
      const { test } = await drive().state(user);
      if (!test) break;
      asked.push([test.term, test.doneDefinitions, test.needAnswers]);
      await answer(user, test.term === 'cat' ? 'Katze' : 'Tatze');
    }
    // Missed as often: the later miss first.
    expect(asked).toEqual([
      ['paw', ['Pfote'], 1],
      ['cat', [], 1],
    ]);
    expect(await cards()).toEqual(scheduled);
    // Recalled now; the definition shown done was not asked.
    expect((await outcomes(user)).slice(-2)).toEqual([
      { recalled: ['Tatze'], missed: [] },
      { recalled: ['Katze'], missed: [] },
    ]);
  });

  it('records confusion pairs and tests each pair side by side', async () => {
    const user = await createUser(t.app, 'developer');
    const id = await drive().dictionaryWith(user, [...ANIMALS, { term: 'dog', definitions: ['Hund'] }]);
    (await drive().start(user, id, ALL_WORDS)).data();
    await answer(user, 'Maus'); // cat ← mouse
    await answer(user, 'Katze');
    await answer(user, 'Katze'); // mouse ← cat
    await answer(user, 'Maus');
    await answer(user, 'Hund'); // paw ← dog
    await skip(user);
    await answer(user, 'Hund');

    const spots = await weakSpots(user, id);
    expect(spots.confusions.map((pair) => [pair.words.map((word) => word.term).sort(), pair.times])).toEqual([
      [['cat', 'mouse'], 2],
      [['dog', 'paw'], 1],
    ]);

    (await drive().start(user, id, { type: 'confusions' })).data();
    const asked: [string, string | undefined][] = [];
    for (;;) {
      const { test } = await drive().state(user);
      if (!test) break;
      asked.push([test.term, test.contrast]);
      await skip(user);
    }
    expect(asked).toHaveLength(4);
    expect(new Set(asked.slice(0, 2).map(([term, contrast]) => `${term}≠${contrast}`))).toEqual(
      new Set(['cat≠mouse', 'mouse≠cat']),
    );
    expect(new Set(asked.slice(2).map(([term, contrast]) => `${term}≠${contrast}`))).toEqual(
      new Set(['paw≠dog', 'dog≠paw']),
    );

    // A deleted word takes its pairs with it.
    const { words } = (await drive().as(user).call('getDictionary', { params: { id }, query: {} })).data();
    const mouse = words.find((word) => word.term === 'mouse')!;
    (
      await drive()
        .as(user)
        .call('updateDictionary', { params: { id }, body: { words: { delete: [mouse.id] } } })
    ).data();
    expect((await weakSpots(user, id)).confusions.map((pair) => pair.times)).toEqual([1]);
  });

  it('logs one finishing outcome when wrong answers to one word arrive at once', async () => {
    const user = await createUser(t.app, 'developer');
    await drive().testOf(user, [{ term: 'cat', definitions: ['Katze'] }]);
    const target = await drive().current(user);
    const results = await Promise.all(
      ['Hund', 'Maus', 'Vogel'].map((typed) =>
        drive().answer(user, { ...target, attemptId: crypto.randomUUID() }, typed),
      ),
    );
    expect(results.map((result) => result.data().result)).toEqual(['wrong', 'wrong', 'wrong']);
    await answer(user, 'Katze');
    expect(await outcomes(user)).toEqual([{ recalled: [], missed: ['Katze'] }]);
  });

  it('leaves a suspended word out of every test and every due count until it is resumed', async () => {
    const user = await createUser(t.app, 'developer');
    const id = await drive().dictionaryWith(user, [
      { term: 'cat', definitions: ['Katze'] },
      { term: 'dog', definitions: ['Hund'] },
    ]);
    await playAll(user, id, () => null);
    // Both reviewed; made due again now.
    await t.database.db.execute(
      sql`update word_cards set due = now() - interval '1 day' where dictionary_id = ${id}`,
    );
    const dueTotal = async () => (await drive().as(user).call('dueCounts')).data().total;
    expect(await dueTotal()).toBe(2);

    const { words } = (await drive().as(user).call('getDictionary', { params: { id }, query: {} })).data();
    const cat = words.find((word) => word.term === 'cat')!;
    const suspend = (suspended: boolean) =>
      drive()
        .as(user)
        .call('suspendWord', { params: { id, wordId: cat.id }, body: { suspended } });
    expect((await suspend(true)).data().suspended).toBe(true);
    expect(await dueTotal()).toBe(1);
    const terms = async (range: Parameters<ReturnType<typeof drive>['start']>[2]) => {
      (await drive().start(user, id, range)).data();
      const asked: string[] = [];
      for (;;) {
        const { test } = await drive().state(user);
        if (!test) return asked;
        asked.push(test.term);
        await skip(user);
      }
    };
    expect(await terms({ type: 'due' })).toEqual(['dog']);
    expect(await terms(ALL_WORDS)).toEqual(['dog']);
    expect((await drive().startAllDue(user)).statusCode).toBe(400);

    expect((await suspend(false)).data().suspended).toBe(false);
    expect(await terms(ALL_WORDS)).toEqual(['cat', 'dog']);
  });

  it('shows one learner nothing of another’s dictionaries', async () => {
    const owner = await createUser(t.app, 'developer');
    const stranger = await createUser(t.app, 'developer');
    const id = await drive().dictionaryWith(owner, ANIMALS);
    const seen = await drive().as(stranger).call('weakSpots', { params: { id } });
    expect(seen.statusCode).toBe(404);
    const started = await drive().start(stranger, id, { type: 'weak' });
    expect(started.statusCode).toBe(404);
  });
});

describe(`free practice drills (${testDriver})`, () => {
  it('starts a weak-definition or confusion drill without using a test of the day, even with none left', async () => {
    // The free plan: 5 tests a day (decision 0085: a drill of at most 20 words is not one of them).
    const user = await createUser(t.app, 'user');
    const id = await drive().dictionaryWith(user, ANIMALS);
    expect((await drive().start(user, id, ALL_WORDS)).json()).toEqual({ testsLeft: 4 });
    await answer(user, 'Maus'); // cat ← mouse: a miss and a confusion pair
    await answer(user, 'Katze');
    await answer(user, 'Maus');
    await answer(user, 'Pfote');
    await answer(user, 'Tatze');

    expect((await drive().start(user, id, { type: 'weak' })).json()).toEqual({ testsLeft: 4 });
    expect((await drive().start(user, id, { type: 'confusions' })).json()).toEqual({ testsLeft: 4 });
    expect((await drive().state(user)).testsLeft).toBe(4);
    for (let left = 3; left >= 0; left -= 1) {
      expect((await drive().start(user, id, ALL_WORDS)).json()).toEqual({ testsLeft: left });
    }
    expect((await drive().start(user, id, ALL_WORDS)).json()).toMatchObject({ code: 'MAX_TESTS' });

    // None left: the drills still start, and the tests stay spent.
    const weak = await drive().start(user, id, { type: 'weak' });
    expect(weak.statusCode).toBe(201);
    expect(weak.json()).toEqual({ testsLeft: 0 });
    expect((await drive().state(user)).test).toMatchObject({ term: 'cat' });
    expect((await drive().start(user, id, { type: 'confusions' })).json()).toEqual({ testsLeft: 0 });
    expect((await drive().start(user, id, ALL_WORDS)).json()).toMatchObject({ code: 'MAX_TESTS' });
  });
});
