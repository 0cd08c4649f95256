import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerTarget, WordInput } from '@wordhoard/shared';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { testingDriver } from '../../../test/testing-driver';

/** "I was right": a wrong grade overridden once per answer, logged and scheduled. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type User = { cookie: string };
const drive = () => testingDriver(t.app);
const WORDS: WordInput[] = [
  { term: 'house', definitions: ['Haus', 'Gebäude'] },
  { term: 'cat', definitions: ['Katze'] },
];

const testOf = (user: User, words = WORDS) => drive().testOf(user, words);
/** A wrong answer to the current word: the attempt to override. */
async function wrongAnswer(user: User, typed: string): Promise<AnswerTarget> {
  const target = await drive().current(user);
  expect((await drive().answer(user, target, typed)).data().result).toBe('wrong');
  return target;
}
const override = (user: User, wrong: AnswerTarget, attemptId = randomUUID()) =>
  drive()
    .as(user)
    .call('overrideAnswer', { body: { ...wrong, attemptId, overrides: wrong.attemptId } });

describe(`overriding a wrong grade (${testDriver})`, () => {
  it('accepts the answer as the nearest remaining definition, no longer a mistake, once', async () => {
    const user = await createUser(t.app);
    await testOf(user);
    // "Hause" is no near miss of the 4-letter "Haus", but the learner knows it is right.
    const wrong = await wrongAnswer(user, 'Hause');

    const accepted = await override(user, wrong);
    expect(accepted.data()).toMatchObject({
      result: 'correct',
      almost: false,
      answer: 'Haus',
      needAnswers: 1,
      doneDefinitions: ['Haus'],
      status: 'applied',
      wordResult: null,
      next: { term: 'house', needAnswers: 1, doneDefinitions: ['Haus'] },
    });
    const again = await override(user, wrong);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'NOT_OVERRIDABLE',
      message: expect.stringContaining('can no longer be accepted'),
    });

    await drive().answer(user, await drive().current(user), 'Gebäude');
    await drive().answer(user, await drive().current(user), 'Katze');
    const { report } = await drive().state(user);
    // The overridden check is no mistake: the word is correct.
    expect(report?.items[0]).toMatchObject({ term: 'house', result: 'correct' });

    const log = (await drive().as(user).call('exportMe')).data().reviewLog;
    expect(log.map(({ typed, result, definition, rating }) => [typed, result, definition, rating])).toEqual([
      ['Hause', 'wrong', null, null],
      ['Hause', 'overridden', 'Haus', null],
      ['Gebäude', 'correct', 'Gebäude', 3],
      ['Katze', 'correct', 'Katze', 3],
    ]);
  });

  it('the report tells a near miss (with what was typed) and an overridden answer from a right one', async () => {
    const user = await createUser(t.app);
    await testOf(user, [
      { term: 'house', definitions: ['Haus', 'Gebäude'] },
      { term: 'cat', definitions: ['Katze'] },
      { term: 'dog', definitions: ['Hund'] },
    ]);
    await drive().answer(user, await drive().current(user), 'Haus');
    expect((await drive().answer(user, await drive().current(user), 'gebaude')).data()).toMatchObject({
      result: 'correct',
      almost: true,
    });
    await override(user, await wrongAnswer(user, 'Mieze'));
    await drive().answer(user, await drive().current(user), 'Hund');

    const { report } = await drive().state(user);
    expect(
      report?.items.map(({ term, result, almost, overridden }) => ({ term, result, almost, overridden })),
    ).toEqual([
      {
        term: 'house',
        result: 'correct',
        almost: [{ typed: 'gebaude', definition: 'Gebäude' }],
        overridden: undefined,
      },
      { term: 'cat', result: 'correct', almost: undefined, overridden: ['Mieze'] },
      { term: 'dog', result: 'correct', almost: undefined, overridden: undefined },
    ]);
  });

  it('finishes the word when the override completes it, and a resend of it changes nothing', async () => {
    const user = await createUser(t.app);
    await testOf(user, [
      { term: 'cat', definitions: ['Katze'] },
      { term: 'dog', definitions: ['Hund'] },
    ]);
    const wrong = await wrongAnswer(user, 'Kätzchen');
    const attemptId = randomUUID();
    const first = (await override(user, wrong, attemptId)).data();
    expect(first).toMatchObject({ answer: 'Katze', needAnswers: 0, wordResult: 'correct' });
    expect(first.next).toMatchObject({ term: 'dog', position: 2 });
    const resent = (await override(user, wrong, attemptId)).data();
    expect({ ...resent, next: undefined }).toEqual({ ...first, next: undefined });
    expect((await drive().state(user)).test).toMatchObject({ term: 'dog', position: 2 });
  });

  it('lets one of two overrides sent at once through', async () => {
    const user = await createUser(t.app);
    await testOf(user);
    const wrong = await wrongAnswer(user, 'Hause');
    const responses = await Promise.all(Array.from({ length: 4 }, () => override(user, wrong)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect((await drive().state(user)).test).toMatchObject({ doneDefinitions: ['Haus'], needAnswers: 1 });
  });

  it('refuses a right answer, a word moved on from, and another user’s test', async () => {
    const user = await createUser(t.app);
    const stranger = await createUser(t.app);
    await testOf(user);
    await testOf(stranger);
    const right = await drive().current(user);
    await drive().answer(user, right, 'Haus');
    expect((await override(user, right)).json().code).toBe('NOT_OVERRIDABLE');

    const wrong = await wrongAnswer(user, 'Hund');
    expect((await override(stranger, wrong)).statusCode).toBe(409);
    (await drive().skip(user, await drive().current(user))).data();
    const late = await override(user, wrong);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('NOT_OVERRIDABLE');
    expect((await drive().state(user)).test).toMatchObject({ term: 'cat', position: 2 });
  });
});
