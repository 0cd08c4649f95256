import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerTarget, TestItem, WordInput } from '@wordhoard/shared';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { ALL_WORDS, targetOf, testingDriver } from '../../../test/testing-driver';

/**
 * An answer and a skip return the test's current word after them (`next`), so the client needs
 * no GET /testing after each one (docs/decisions/0045-one-round-trip-per-answer.md): whatever
 * `next` says, GET /testing then shows the same.
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
const ALL = ALL_WORDS;

const CAT = { term: 'cat', definitions: ['Katze', 'Kater'] };
const DOG = { term: 'dog', definitions: ['Hund'] };
const TREE = { term: 'tree', definitions: ['Baum'] };

/** A user with a running test of `words` (in this order); the dictionary's id. */
async function testOf(words: WordInput[]): Promise<{ user: User; dictionaryId: string }> {
  const user = await createUser(t.app, 'developer');
  const dictionaryId = await drive().dictionaryWith(user, words, 'Next');
  (await drive().start(user, dictionaryId, ALL)).data();
  return { user, dictionaryId };
}
/** The word GET /testing shows now (null once the test is over, with the report). */
const shown = async (user: User): Promise<TestItem | null> => (await drive().state(user)).test;
const answer = async (user: User, target: AnswerTarget, text: string) =>
  (await drive().answer(user, target, text)).data();
const skip = async (user: User, target: AnswerTarget) => (await drive().skip(user, target)).data();

describe(`the word after an answer or a skip (${testDriver})`, () => {
  it('is the same word with its progress after a partial answer, and after a wrong one', async () => {
    const { user, dictionaryId } = await testOf([CAT, DOG]);
    const cat = await drive().current(user);

    const partial = await answer(user, cat, 'Katze');

    expect(partial).toMatchObject({ result: 'correct', status: 'applied', needAnswers: 1 });
    expect(partial.next).toEqual({
      wordId: cat.wordId,
      term: 'cat',
      position: 1,
      total: 2,
      needAnswers: 1,
      doneDefinitions: ['Katze'],
      // How the word is shown (decision 0048): its dictionary, direction and languages.
      dictionaryId,
      reversed: false,
      promptLanguage: 'en',
      answerLanguage: 'de',
      // Its picture and recording (decision 0063): none here.
      picture: null,
      audio: null,
    });
    expect(await shown(user)).toEqual(partial.next);

    const wrong = await answer(user, { ...cat, attemptId: randomUUID() }, 'Hund');
    expect(wrong).toMatchObject({ result: 'wrong', status: 'applied' });
    expect(wrong.next).toEqual(partial.next);
    expect(await shown(user)).toEqual(wrong.next);
  });

  it('is the next word after an answer that finishes one, after a skip, and null after the last', async () => {
    const { user } = await testOf([CAT, DOG, TREE]);
    const cat = await drive().current(user);
    await answer(user, cat, 'Katze');

    const finishing = await answer(user, { ...cat, attemptId: randomUUID() }, 'kater');

    expect(finishing).toMatchObject({ status: 'applied', needAnswers: 0, wordResult: 'correct' });
    expect(finishing.next).toMatchObject({ term: 'dog', position: 2, total: 3, needAnswers: 1 });
    expect(finishing.next?.doneDefinitions).toEqual([]);
    expect(await shown(user)).toEqual(finishing.next);

    // The client names the word it got in `next`, with no GET in between.
    const skipped = await skip(user, targetOf(finishing.next!));

    expect(skipped).toMatchObject({ answer: ['Hund'], status: 'applied', wordResult: 'skipped' });
    expect(skipped.next).toMatchObject({ term: 'tree', position: 3, total: 3, needAnswers: 1 });
    expect(await shown(user)).toEqual(skipped.next);

    const last = await answer(user, targetOf(skipped.next!), 'Baum');

    expect(last).toMatchObject({ status: 'applied', wordResult: 'correct', next: null });
    const finished = await drive().state(user);
    expect(finished.test).toBeNull();
    expect(finished.report).toMatchObject({ total: 3, correct: 2, skipped: 1 });
  });

  it('is null after a skip of the last word', async () => {
    const { user } = await testOf([DOG]);

    const skipped = await skip(user, await drive().current(user));

    expect(skipped).toEqual({ answer: ['Hund'], status: 'applied', wordResult: 'skipped', next: null });
    expect(await shown(user)).toBeNull();
  });

  it('is the next word also when no memory card is saved with it (the dictionary was deleted)', async () => {
    const { user, dictionaryId } = await testOf([DOG, TREE]);
    const dog = await drive().current(user);
    const removed = await drive()
      .as(user)
      .call('deleteDictionary', { params: { id: dictionaryId } });
    expect(removed.statusCode, removed.body).toBeLessThan(300);

    const finishing = await answer(user, dog, 'Hund');

    expect(finishing.next).toMatchObject({ term: 'tree', position: 2, total: 2 });
    expect(await shown(user)).toEqual(finishing.next);
    expect(await answer(user, targetOf(finishing.next!), 'Baum')).toMatchObject({ next: null });
  });

  it('is the word as it stands for a repeat or a definition typed again, and left out for a finished word', async () => {
    const { user } = await testOf([CAT, DOG]);
    const cat = await drive().current(user);
    const first = await answer(user, cat, 'Katze');
    const wrong = { ...cat, attemptId: randomUUID() };
    await answer(user, wrong, 'Maus');

    // Nothing changes; the word is still where the last answer left it.
    const again = await answer(user, { ...cat, attemptId: randomUUID() }, 'katze');
    expect(again).toMatchObject({ status: 'alreadyEntered', next: first.next });
    const repeat = await answer(user, cat, 'Katze');
    expect(repeat).toMatchObject({ status: 'applied', next: first.next });

    const finishing = await answer(user, { ...cat, attemptId: randomUUID() }, 'Kater');
    const dog = await shown(user);
    expect(finishing.next).toEqual(dog);

    // Word 1 is finished: its result is known, the current word is not read for it.
    const late = await answer(user, { ...cat, attemptId: randomUUID() }, 'Kater');
    expect(late.status).toBe('wordFinished');
    expect(late).not.toHaveProperty('next');
    const lateSkip = await skip(user, { ...cat, attemptId: randomUUID() });
    expect(lateSkip.status).toBe('wordFinished');
    expect(lateSkip).not.toHaveProperty('next');
    const replayed = await answer(user, wrong, 'Maus');
    expect(replayed).toMatchObject({ result: 'wrong', status: 'applied' });
    expect(replayed).not.toHaveProperty('next');

    // Once the test is over, there is no word after any of them.
    await skip(user, targetOf(dog!));
    expect(await answer(user, { ...cat, attemptId: randomUUID() }, 'Kater')).toMatchObject({
      status: 'wordFinished',
      next: null,
    });
  });
});
