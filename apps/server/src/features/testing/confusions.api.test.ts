import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WordInput } from '@wordhoard/shared';
import { words } from '../../db/schema';
import { WordsRepository } from '../dictionaries/words.repository';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { ALL_WORDS, testingDriver } from '../../../test/testing-driver';

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

/**
 * The lookup behind a confusion reads the words' stored answer forms (decision 0066): they must
 * follow every edit, and words without them yet (older rows) must still be found.
 */
describe(`confusions through the stored answer forms (${testDriver})`, () => {
  const wordsOf = async (user: User, id: string) =>
    (
      await drive()
        .as(user)
        .call('getDictionary', { params: { id }, query: { page: 1, limit: 50 } })
    ).data().words;
  const clearForms = (dictionaryId: string) =>
    t.database.db
      .update(words)
      .set({ answerForms: null, termForms: null })
      .where(eq(words.dictionaryId, dictionaryId));
  const missingForms = async (dictionaryId: string) => {
    const rows = await t.database.db
      .select({ id: words.id })
      .from(words)
      .where(
        sql`${words.dictionaryId} = ${dictionaryId} and (${words.answerForms} is null or ${words.termForms} is null)`,
      );
    return rows.length;
  };

  it('follows an edit: the old meaning and term are nobody’s, the new ones are', async () => {
    const user = await createUser(t.app);
    const id = await drive().dictionaryWith(user, ANIMALS);
    const mouse = (await wordsOf(user, id)).find((word) => word.term === 'mouse')!;
    (
      await drive()
        .as(user)
        .call('updateDictionary', {
          params: { id },
          body: { words: { update: [{ id: mouse.id, term: 'dormouse', definitions: ['Haselmaus (die)'] }] } },
        })
    ).data();

    (await drive().start(user, id, ALL_WORDS)).data();
    expect((await drive().state(user)).test?.term).toBe('cat');
    expect((await answer(user, 'Maus')).confusedWith).toBeUndefined();
    // A form of the new definition, without its optional part, as the grader reads it.
    expect((await answer(user, 'haselmaus')).confusedWith).toEqual({
      term: 'dormouse',
      definitions: ['Haselmaus (die)'],
    });

    (await drive().start(user, id, ALL_WORDS, true)).data();
    expect((await drive().state(user)).test?.term).toBe('Katze');
    expect((await answer(user, 'mouse')).confusedWith).toBeUndefined();
    expect((await answer(user, 'Dormouse')).confusedWith).toMatchObject({ term: 'dormouse' });
  });

  it('still finds words whose forms are not computed yet, and the job computes them', async () => {
    const user = await createUser(t.app);
    const id = await testOf(user, ANIMALS);
    await clearForms(id);
    expect(await missingForms(id)).toBe(3);

    expect((await answer(user, 'Pfote')).confusedWith).toMatchObject({ term: 'paw' });
    const result = await t.app.services.dictionaries.fillAnswerForms();
    expect(result.remaining).toBe(false);
    expect(result.filled).toBeGreaterThanOrEqual(3);
    expect(await missingForms(id)).toBe(0);
    expect((await answer(user, 'Maus')).confusedWith).toMatchObject({ term: 'mouse' });
    expect((await answer(user, 'Hund')).confusedWith).toBeUndefined();
  });

  it('computes each missing word once when two runs overlap', async () => {
    const user = await createUser(t.app);
    const id = await drive().dictionaryWith(
      user,
      Array.from({ length: 40 }, (_, i) => ({
        term: `word ${i}`,
        definitions: [`Wort ${i}`, `(das) Ding ${i}`],
      })),
    );
    await clearForms(id);
    // Small batches, so that the two runs interleave statement by statement.
    const runs = await Promise.all([
      t.app.services.dictionaries.fillAnswerForms(7),
      t.app.services.dictionaries.fillAnswerForms(7),
    ]);
    expect(runs.every((run) => !run.remaining)).toBe(true);
    expect(runs[0].filled + runs[1].filled).toBe(40);
    expect(await missingForms(id)).toBe(0);
    const [stored] = await t.database.db
      .select({ answerForms: words.answerForms, termForms: words.termForms })
      .from(words)
      .where(sql`${words.dictionaryId} = ${id} and ${words.term} = 'word 7'`);
    expect(stored?.termForms).toEqual(['word 7']);
    expect([...stored!.answerForms!].sort()).toEqual(['(das) ding 7', 'das ding 7', 'ding 7', 'wort 7']);
  });

  it('never stores forms computed from a text an edit has replaced since', async () => {
    const user = await createUser(t.app);
    const id = await drive().dictionaryWith(user, [{ term: 'cat', definitions: ['Katze'] }]);
    await clearForms(id);
    const repository = new WordsRepository(t.database.db);
    const [stale] = await repository
      .wordsMissingForms(1_000)
      .then((rows) => rows.filter((row) => row.term === 'cat'));
    // The learner edits the word after the job read it, before the job writes.
    const cat = (await wordsOf(user, id))[0]!;
    (
      await drive()
        .as(user)
        .call('updateDictionary', {
          params: { id },
          body: { words: { update: [{ id: cat.id, definitions: ['Kater'] }] } },
        })
    ).data();
    const saved = await repository.saveAnswerForms([
      { id: stale!.id, version: stale!.version, answerForms: ['katze'], termForms: ['cat'] },
    ]);
    expect(saved).toBe(0);
    const [row] = await t.database.db
      .select({ answerForms: words.answerForms, termForms: words.termForms })
      .from(words)
      .where(eq(words.id, cat.id));
    expect(row).toEqual({ answerForms: ['kater'], termForms: null });
  });
});
