import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WordInput } from '@wordhoard/shared';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { testingDriver } from '../../../test/testing-driver';

/**
 * Confusions (docs/decisions/0043-fair-grading.md): an answer that is another word's answer is
 * never accepted, the check says whose it is, and the report keeps the pair.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type User = { cookie: string };
const drive = () => testingDriver(t.app);
const ANIMALS: WordInput[] = [
  { term: 'cat', definitions: ['Katze'] },
  { term: 'mouse', definitions: ['Maus'] },
  { term: 'paw', definitions: ['Tatze', 'Pfote'] },
];

const testOf = (user: User, words: WordInput[], swap = false) => drive().testOf(user, words, swap);
const answer = async (user: User, typed: string) =>
  (await drive().answer(user, await drive().current(user), typed)).data();

describe(`confusions (${testDriver})`, () => {
  it('tells whose meaning a wrong answer is, and the report keeps the pair', async () => {
    const user = await createUser(t.app);
    await testOf(user, ANIMALS);

    const mixed = await answer(user, 'maus');
    expect(mixed).toMatchObject({
      result: 'wrong',
      almost: false,
      correctAnswers: ['Katze'],
      confusedWith: { term: 'mouse', definitions: ['Maus'] },
    });
    // An answer that is no other word's is simply wrong.
    expect((await answer(user, 'Hund')).confusedWith).toBeUndefined();
    await answer(user, 'Katze');
    await answer(user, 'Maus');
    await answer(user, 'Pfote');
    await answer(user, 'Tatze');

    const { report } = await drive().state(user);
    expect(report?.items.map((item) => [item.term, item.result, item.confusedWith])).toEqual([
      ['cat', 'wrong', ['mouse']],
      ['mouse', 'correct', []],
      ['paw', 'correct', []],
    ]);
  });

  it('does not take another word’s definition as a near miss of this one', async () => {
    const user = await createUser(t.app);
    await testOf(user, ANIMALS);
    // "Tatze" is one letter from "Katze", but it is the meaning of "paw".
    expect(await answer(user, 'Tatze')).toMatchObject({
      result: 'wrong',
      almost: false,
      confusedWith: { term: 'paw', definitions: ['Tatze', 'Pfote'] },
    });
    // A real slip is still a near miss.
    expect(await answer(user, 'Katzee')).toMatchObject({ result: 'correct', almost: true, answer: 'Katze' });
  });

  it('in a swapped test, names the word whose term was typed', async () => {
    const user = await createUser(t.app);
    await testOf(user, ANIMALS, true);
    expect((await drive().state(user)).test?.term).toBe('Katze');
    expect(await answer(user, 'Mouse')).toMatchObject({
      result: 'wrong',
      confusedWith: { term: 'mouse', definitions: ['Maus'] },
    });
  });

  it('accepts an answer this word shares with another word', async () => {
    const user = await createUser(t.app);
    await testOf(user, [
      { term: 'bench', definitions: ['Bank'] },
      { term: 'bank', definitions: ['Bank', 'Ufer'] },
    ]);
    expect(await answer(user, 'Bank')).toMatchObject({ result: 'correct', almost: false });
    expect((await answer(user, 'Bank')).confusedWith).toBeUndefined();
  });

  it('looks only in the tested dictionary', async () => {
    const user = await createUser(t.app);
    await drive().dictionaryWith(user, [{ term: 'mouse', definitions: ['Maus'] }], 'Other');
    await testOf(user, [
      { term: 'cat', definitions: ['Katze'] },
      { term: 'dog', definitions: ['Hund'] },
    ]);
    expect((await answer(user, 'Maus')).confusedWith).toBeUndefined();
  });
});
