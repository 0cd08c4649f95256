import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerResult, AnswerTarget, WordInput } from '@wordhoard/shared';
import { reviewLog, testItems, testSessions, wordCards } from '../../db/schema';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { testingDriver } from '../../../test/testing-driver';

/**
 * An answer is applied once, to the word it was typed for, never to the next word
 * (docs/decisions/0018-answers-applied-once.md). Double submits and retries are real parallel
 * requests; whichever order they take, the outcome must be the same.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type User = { id: string; cookie: string };
// `t` exists once beforeAll has run; the driver is made per call.
const drive = (language = 'en') => testingDriver(t.app, { 'accept-language': language });
const state = (user: User) => drive().state(user);
const currentWord = (user: User) => drive().current(user);
const answer = (user: User, target: AnswerTarget, text: string, language?: string) =>
  drive(language).answer(user, target, text);
const skip = (user: User, target: AnswerTarget, language?: string) => drive(language).skip(user, target);

/** A user with a running test of `words` (in this order). */
async function testOf(words: WordInput[]): Promise<User> {
  const user = await createUser(t.app, 'developer');
  await startTestOf(user, words);
  return user;
}
async function startTestOf(user: User, words: WordInput[]) {
  await drive().testOf(user, words);
}

const DOG = { term: 'dog', definitions: ['Hund'] };
const CAT = { term: 'cat', definitions: ['Katze', 'Kater'] };
const TREE = { term: 'tree', definitions: ['Baum'] };

/**
 * A result without `next`: a repeat gets the first result, but the word the test stands on
 * then (decision 0045), which a repeat for a finished word leaves out.
 */
function firstResult(response: { json(): Record<string, unknown> }) {
  const { next: _next, ...result } = response.json();
  return result;
}

/** The stored words of the user's test, as saved (the database, not an answer, is the judge). */
async function storedItems(user: User) {
  const rows = await t.database.db
    .select({ position: testItems.position, item: testItems.item, at: testSessions.position })
    .from(testItems)
    .innerJoin(testSessions, eq(testSessions.id, testItems.testId))
    .where(eq(testSessions.userId, user.id))
    .orderBy(testItems.position);
  return { position: rows[0]?.at, items: rows.map((row) => row.item) };
}

describe(`answers applied once, to the word they were typed for (${testDriver})`, () => {
  it('two identical final answers fired at once finish word 1 and leave word 2 untouched', async () => {
    const user = await testOf([DOG, CAT]);
    const word = await currentWord(user);

    const [first, second] = await Promise.all([answer(user, word, 'Hund'), answer(user, word, 'Hund')]);

    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    // The same attempt twice: one result, given twice.
    expect(firstResult(first)).toEqual(firstResult(second));
    expect(first.json()).toMatchObject({ result: 'correct', status: 'applied', wordResult: 'correct' });
    const now = await state(user);
    expect(now.test).toMatchObject({ term: 'cat', position: 2, needAnswers: 2, doneDefinitions: [] });
    // The one that applied it shows the next word; the repeat, answered from word 1, does not.
    expect([first.json().next, second.json().next]).toContainEqual(now.test);
    const stored = await storedItems(user);
    expect(stored.position).toBe(1);
    expect(stored.items[0]).toMatchObject({ done: ['Hund'], answers: ['Hund'], mistakes: 0 });
    expect(stored.items[1]).toMatchObject({ done: [], answers: [], mistakes: 0, result: null });

    const cat = await currentWord(user);
    await answer(user, cat, 'Katze');
    await answer(user, { ...cat, attemptId: randomUUID() }, 'Kater');
    expect((await state(user)).report).toMatchObject({ total: 2, correct: 2, wrong: 0, skipped: 0 });
  });

  it('a double submit from two tabs (two attempts) also finishes only word 1', async () => {
    const user = await testOf([DOG, CAT, TREE]);
    const word = await currentWord(user);

    const responses = await Promise.all(
      Array.from({ length: 4 }, () => answer(user, { ...word, attemptId: randomUUID() }, 'Hund')),
    );

    const results: AnswerResult[] = responses.map((response) => response.json());
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    expect(results.filter((result) => result.status === 'applied')).toHaveLength(1);
    expect(results.filter((result) => result.status === 'wordFinished')).toHaveLength(3);
    for (const result of results) expect(result).toMatchObject({ result: 'correct', wordResult: 'correct' });
    expect((await state(user)).test).toMatchObject({ term: 'cat', position: 2, needAnswers: 2 });
    const stored = await storedItems(user);
    expect(stored.items.map((item) => [item.answers, item.mistakes])).toEqual([
      [['Hund'], 0],
      [[], 0],
      [[], 0],
    ]);
    // The word's memory card and its graded review were written once, by the answer that
    // applied, in the statement that saved it: one review, not four.
    const cards = await t.database.db
      .select({ reps: wordCards.reps, state: wordCards.state })
      .from(wordCards)
      .where(eq(wordCards.wordId, word.wordId));
    expect(cards).toHaveLength(1);
    expect(cards[0]?.reps).toBe(1);
    const graded = await t.database.db
      .select({ rating: reviewLog.rating })
      .from(reviewLog)
      .where(eq(reviewLog.wordId, word.wordId));
    expect(graded).toHaveLength(1);
    expect(graded[0]?.rating).not.toBeNull();
  });

  it('a retried answer with the same attemptId returns the same result and changes nothing', async () => {
    const user = await testOf([CAT, DOG]);
    const wrong = { ...(await currentWord(user)) };
    const firstWrong = await answer(user, wrong, 'Hund');
    expect(firstWrong.json()).toMatchObject({ result: 'wrong', status: 'applied', needAnswers: 2 });
    const right = await currentWord(user);
    const firstRight = await answer(user, right, 'katze');

    // Retries, in any order, after other answers changed the word.
    expect(firstResult(await answer(user, wrong, 'Hund'))).toEqual(firstResult(firstWrong));
    expect(firstResult(await answer(user, right, 'katze'))).toEqual(firstResult(firstRight));
    expect((await storedItems(user)).items[0]).toMatchObject({
      done: ['Katze'],
      answers: ['Hund', 'katze'],
      mistakes: 1,
    });

    // After the word is finished, a retry still gets exactly its first result.
    const last = await currentWord(user);
    const finishing = await answer(user, last, 'Kater');
    expect(finishing.json()).toMatchObject({ needAnswers: 0, status: 'applied', wordResult: 'wrong' });
    const retries = await Promise.all([
      answer(user, right, 'katze'),
      answer(user, last, 'Kater'),
      answer(user, wrong, 'Hund'),
    ]);
    expect(retries.map(firstResult)).toEqual([firstRight, finishing, firstWrong].map(firstResult));
    expect((await state(user)).test).toMatchObject({ term: 'dog', position: 2, needAnswers: 1 });
    expect((await storedItems(user)).items[1]).toMatchObject({ answers: [], mistakes: 0 });
  });

  it('a final answer and a skip of the same word at once: the memory card is the one that applied', async () => {
    // Several learners race at once, so that both requests are often in flight together.
    const learners = await Promise.all(Array.from({ length: 6 }, () => testOf([DOG, CAT])));
    await Promise.all(
      learners.map(async (user) => {
        const word = await currentWord(user);
        const [answered, skipped] = await Promise.all([
          answer(user, word, 'Hund'),
          skip(user, { ...word, attemptId: randomUUID() }),
        ]);
        expect([answered.statusCode, skipped.statusCode]).toEqual([200, 200]);
        const graded = await t.database.db
          .select({ rating: reviewLog.rating })
          .from(reviewLog)
          .where(sql`${reviewLog.wordId} = ${word.wordId} and ${reviewLog.rating} is not null`);
        expect(graded).toHaveLength(1);
        const [card] = await t.database.db
          .select({ reps: wordCards.reps, stability: wordCards.stability })
          .from(wordCards)
          .where(eq(wordCards.wordId, word.wordId));
        // A first review rated Again starts far below one day of stability, Good above it: the
        // card must be the winner's, never overwritten by the request whose save lost.
        expect(card?.reps).toBe(1);
        expect(graded[0]?.rating === 1).toBe((card?.stability ?? Number.NaN) < 1);
      }),
    );
  });

  it('parallel skips naming the same word skip that word only', async () => {
    const user = await testOf([DOG, CAT, TREE]);
    const word = await currentWord(user);

    const responses = await Promise.all([
      skip(user, word),
      skip(user, word),
      skip(user, { ...word, attemptId: randomUUID() }),
      skip(user, { ...word, attemptId: randomUUID() }),
    ]);

    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ answer: ['Hund'], wordResult: 'skipped' });
    }
    expect(responses.filter((response) => response.json().status === 'applied').length).toBeGreaterThan(0);
    const [once, again] = responses;
    expect(firstResult(once)).toEqual(firstResult(again));
    expect((await state(user)).test).toMatchObject({ term: 'cat', position: 2, needAnswers: 2 });
    const stored = await storedItems(user);
    expect(stored.position).toBe(1);
    expect(stored.items.map((item) => item.result)).toEqual(['skipped', null, null]);
  });

  it('an answer or a skip for a finished word returns its result and changes nothing', async () => {
    const user = await testOf([DOG, CAT]);
    const dog = await currentWord(user);
    expect((await answer(user, dog, 'Hund')).json()).toMatchObject({ status: 'applied' });
    const before = await storedItems(user);

    const late = await answer(user, { ...dog, attemptId: randomUUID() }, 'Katze');
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toEqual({
      result: 'wrong',
      almost: false,
      answer: 'Katze',
      correctAnswers: ['Hund'],
      needAnswers: 0,
      doneDefinitions: ['Hund'],
      status: 'wordFinished',
      wordResult: 'correct',
    });
    const lateSkip = await skip(user, { ...dog, attemptId: randomUUID() });
    expect(lateSkip.json()).toEqual({ answer: ['Hund'], status: 'wordFinished', wordResult: 'correct' });

    expect(await storedItems(user)).toEqual(before);
    expect((await state(user)).test).toMatchObject({ term: 'cat', position: 2, needAnswers: 2 });
  });

  it('a definition typed again for the current word is not a mistake and changes nothing', async () => {
    const user = await testOf([CAT]);
    const word = await currentWord(user);
    await answer(user, word, 'Katze');
    const before = await storedItems(user);

    const again = await answer(user, { ...word, attemptId: randomUUID() }, ' katze ');

    expect(again.json()).toEqual({
      result: 'correct',
      almost: false,
      answer: 'Katze',
      correctAnswers: ['Katze'],
      needAnswers: 1,
      doneDefinitions: ['Katze'],
      status: 'alreadyEntered',
      wordResult: null,
      // The word as it stands: unchanged.
      next: {
        wordId: word.wordId,
        term: 'cat',
        position: 1,
        total: 1,
        needAnswers: 1,
        doneDefinitions: ['Katze'],
        // How the word is shown (decision 0048): its dictionary, direction and languages.
        dictionaryId: expect.any(String),
        reversed: false,
        promptLanguage: 'en',
        answerLanguage: 'de',
        // Its picture and recording (decision 0063): none here.
        picture: null,
        audio: null,
      },
    });
    expect(await storedItems(user)).toEqual(before);
    await answer(user, { ...word, attemptId: randomUUID() }, 'Kater');
    expect((await state(user)).report).toMatchObject({ correct: 1, wrong: 0 });
  });

  it('refuses an answer for a word ahead, outside the test or of a replaced test: 409, nothing changed', async () => {
    const user = await testOf([DOG, CAT, TREE]);
    const dog = await currentWord(user);
    const shown = await state(user);
    const before = await storedItems(user);
    const cat = before.items[1]!;

    const refused = await Promise.all([
      // The next word, before the current one is done.
      answer(user, { position: 2, wordId: cat.wordId, attemptId: randomUUID() }, 'Katze'),
      skip(user, { position: 2, wordId: cat.wordId, attemptId: randomUUID() }),
      // A position the test does not have.
      answer(user, { ...dog, position: 4 }, 'Hund'),
      // The right position, another word: the test was replaced since it was shown.
      answer(user, { ...dog, wordId: cat.wordId }, 'Hund'),
      skip(user, { ...dog, wordId: randomUUID() }),
    ]);

    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'WORD_NOT_CURRENT',
        message: 'This answer is not for the current word of your test',
      });
    }
    expect(await storedItems(user)).toEqual(before);
    expect(await state(user)).toEqual(shown);

    const tree = { position: 3, wordId: before.items[2]!.wordId, attemptId: randomUUID() };
    const german = await answer(user, tree, 'Baum', 'de');
    expect(german.json().message).toBe('Diese Antwort gehört nicht zum aktuellen Wort deines Tests');
    const ukrainian = await skip(user, tree, 'uk');
    expect(ukrainian.json().message).toBe('Ця відповідь не стосується поточного слова вашого тесту');
    expect(await storedItems(user)).toEqual(before);
  });

  it('an answer kept from a replaced test does not touch the new one', async () => {
    const user = await testOf([DOG, CAT]);
    const old = await currentWord(user);
    await startTestOf(user, [TREE]);
    const before = await storedItems(user);

    const late = await answer(user, old, 'Baum');

    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('WORD_NOT_CURRENT');
    expect(await storedItems(user)).toEqual(before);
  });

  it('asks a burst that keeps losing the save to come back later (429 with Retry-After)', async () => {
    const user = await testOf([DOG]);
    const word = await currentWord(user);
    const [test] = await t.database.db
      .select({ id: testSessions.id })
      .from(testSessions)
      .where(eq(testSessions.userId, user.id));
    // Every save of this test loses, as if other answers always got in first: a trigger drops
    // the update of its row, so the optimistic check never succeeds.
    await t.database.db.execute(
      sql.raw(
        `create function answer_once_lose() returns trigger language plpgsql as $$ begin return null; end $$`,
      ),
    );
    await t.database.db.execute(
      sql.raw(
        `create trigger answer_once_lose before update on test_sessions for each row
         when (old.id = '${test!.id}') execute function answer_once_lose()`,
      ),
    );
    try {
      const response = await answer(user, word, 'Hund');
      expect(response.statusCode, response.body).toBe(429);
      expect(response.json().code).toBe('TOO_MANY_REQUESTS');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger answer_once_lose on test_sessions'));
      await t.database.db.execute(sql.raw('drop function answer_once_lose()'));
    }
    expect((await storedItems(user)).items[0]).toMatchObject({ done: [], answers: [], mistakes: 0 });
  });
});
