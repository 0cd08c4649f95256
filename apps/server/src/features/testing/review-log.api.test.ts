import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewLogEntry, WordInput } from '@wordhoard/shared';
import { TestClock } from '../../../test/clock';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { ALL_WORDS, testingDriver } from '../../../test/testing-driver';
import { FSRS_CSV_HEADER } from './review-log';

/** The review log (docs/decisions/0044-review-log.md): every graded attempt, once, as it was. */
const DAY = 24 * 60 * 60 * 1000;
const clock = new TestClock(new Date('2026-05-04T09:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(async () => {
  await t.close();
});

type User = { id: string; cookie: string };
const drive = () => testingDriver(t.app);
const ALL = ALL_WORDS;

const testOf = (user: User, words: WordInput[], swap = false) => drive().testOf(user, words, swap);
const logOf = async (user: User): Promise<ReviewLogEntry[]> =>
  (await drive().as(user).call('exportMe')).data().reviewLog;
/** Answers the current word, as the learner would after `durationMs`. */
async function answer(user: User, typed: string, durationMs?: number) {
  const target = await drive().current(user);
  return (await drive().answer(user, { ...target, durationMs }, typed)).data();
}
async function skip(user: User) {
  return (await drive().skip(user, await drive().current(user))).data();
}
const logRows = async (userId: string) =>
  (
    await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from review_log where user_id = ${userId}`,
    )
  ).rows[0]?.n;

describe(`the review log (${testDriver})`, () => {
  it('keeps every answer and skip with its definition, typed text, result, grade, state and time', async () => {
    const user = await createUser(t.app, 'developer');
    await testOf(user, [
      { term: 'cat', definitions: ['Katze', 'Kater'] },
      { term: 'dog', definitions: ['Hund'] },
    ]);
    await answer(user, '  katze ', 2100);
    await answer(user, 'Maus', 3000);
    await answer(user, 'Katerr', 1500);
    await skip(user);

    const log = await logOf(user);
    const cat = log[0]!.wordId;
    expect(log).toEqual([
      {
        wordId: cat,
        reversed: false,
        definition: 'Katze',
        typed: 'katze',
        result: 'correct',
        rating: null,
        state: 0,
        durationMs: 2100,
        reviewedAt: '2026-05-04T09:00:00.000Z',
        recalled: null,
        missed: null,
        confusedWordId: null,
      },
      expect.objectContaining({
        wordId: cat,
        definition: null,
        typed: 'Maus',
        result: 'wrong',
        rating: null,
      }),
      // The last definition finishes the word: a wrong check before it makes the grade Again.
      expect.objectContaining({
        wordId: cat,
        definition: 'Kater',
        typed: 'Katerr',
        result: 'almost',
        rating: 1,
        // Typed after the wrong check showed the answers: missed (decision 0049).
        recalled: ['Katze'],
        missed: ['Kater'],
      }),
      expect.objectContaining({
        definition: null,
        typed: null,
        result: 'skipped',
        rating: 1,
        state: 0,
        durationMs: null,
        recalled: [],
        missed: ['Hund'],
      }),
    ]);
    expect(log[3]?.wordId).not.toBe(cat);
  });

  it('logs the state the word was in before each review, per direction', async () => {
    const user = await createUser(t.app, 'developer');
    const id = await testOf(user, [{ term: 'tree', definitions: ['Baum'] }]);
    await answer(user, 'Baum');
    clock.advance(3 * DAY);
    (await drive().start(user, id, ALL)).data();
    await answer(user, 'Baum');
    (await drive().start(user, id, ALL, true)).data();
    await answer(user, 'tree');

    const reviews = (await logOf(user)).map(({ reversed, rating, state }) => ({ reversed, rating, state }));
    // Good (3) on a new card, then Good on a card in review (2); the other direction is new.
    expect(reviews).toEqual([
      { reversed: false, rating: 3, state: 0 },
      { reversed: false, rating: 3, state: 2 },
      { reversed: true, rating: 3, state: 0 },
    ]);
  });

  it('logs an attempt once however often it is sent, also when the copies race', async () => {
    const user = await createUser(t.app, 'developer');
    await testOf(user, [
      { term: 'cat', definitions: ['Katze', 'Kater'] },
      { term: 'dog', definitions: ['Hund'] },
    ]);
    const word = await drive().current(user);
    const copies = await Promise.all(Array.from({ length: 6 }, () => drive().answer(user, word, 'Katze')));
    expect(copies.map((response) => response.statusCode)).toEqual(copies.map(() => 200));
    // Different attempts that race are each logged: answers are applied one after another.
    const wrongs = await Promise.all(
      ['Maus', 'Vogel', 'Fisch'].map((typed) =>
        drive().answer(user, { ...word, attemptId: randomUUID() }, typed),
      ),
    );
    expect(wrongs.map((response) => response.statusCode)).toEqual([200, 200, 200]);

    const log = await logOf(user);
    expect(log.filter((entry) => entry.typed === 'Katze')).toHaveLength(1);
    expect(log.map((entry) => entry.typed).sort()).toEqual(['Fisch', 'Katze', 'Maus', 'Vogel']);
  });

  it('logs nothing for an answer that changes nothing: a finished word, an already entered definition', async () => {
    const user = await createUser(t.app, 'developer');
    await testOf(user, [
      { term: 'cat', definitions: ['Katze', 'Kater'] },
      { term: 'dog', definitions: ['Hund'] },
    ]);
    const cat = await drive().current(user);
    await answer(user, 'Katze');
    const again = await drive().answer(user, { ...cat, attemptId: randomUUID() }, 'Katze');
    expect(again.data().status).toBe('alreadyEntered');
    await answer(user, 'Kater');
    const late = await drive().answer(user, { ...cat, attemptId: randomUUID() }, 'Kater');
    expect(late.data().status).toBe('wordFinished');
    expect((await logOf(user)).map((entry) => entry.typed)).toEqual(['Katze', 'Kater']);
  });

  it('exports the reviews as the FSRS optimizer’s CSV, one card per word and direction', async () => {
    const user = await createUser(t.app, 'developer');
    await testOf(user, [
      { term: 'cat', definitions: ['Katze', 'Kater'] },
      { term: 'dog', definitions: ['Hund'] },
    ]);
    await answer(user, 'Katze', 1200);
    await answer(user, 'Kater', 800);
    await answer(user, 'Hund', 900);
    const started = clock.now().getTime();
    const response = await drive().as(user).call('exportReviewLog');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="wordhoard-reviews\.csv"/);
    // Only attempts that graded a card are reviews: "Katze" alone finished nothing.
    expect(response.body.split('\n')).toEqual([
      FSRS_CSV_HEADER,
      `1,${started},3,0,800`,
      `2,${started},3,0,900`,
      '',
    ]);
  });

  it('shows each learner only their own log, and goes with the word and with the account', async () => {
    const owner = await createUser(t.app, 'developer');
    const stranger = await createUser(t.app, 'developer');
    const id = await testOf(owner, [
      { term: 'cat', definitions: ['Katze'] },
      { term: 'dog', definitions: ['Hund'] },
    ]);
    await answer(owner, 'Katze');
    await answer(owner, 'Hund');
    expect(await logOf(stranger)).toEqual([]);
    expect((await drive().as(stranger).call('exportReviewLog')).body).toBe(`${FSRS_CSV_HEADER}\n`);

    const page = (await drive().as(owner).call('getDictionary', { params: { id } })).data();
    const cat = page.words.find((word) => word.term === 'cat')!;
    (
      await drive()
        .as(owner)
        .call('updateDictionary', { params: { id }, body: { words: { delete: [cat.id] } } })
    ).data();
    expect((await logOf(owner)).map((entry) => entry.typed)).toEqual(['Hund']);

    const deleted = await drive()
      .as(owner)
      .call('deleteAccount', { body: { confirmDeletion: true } });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await logRows(owner.id)).toBe(0);
  });

  it('answers a word deleted during the test without logging it', async () => {
    const user = await createUser(t.app, 'developer');
    const id = await testOf(user, [{ term: 'cat', definitions: ['Katze'] }]);
    const page = (await drive().as(user).call('getDictionary', { params: { id } })).data();
    (
      await drive()
        .as(user)
        .call('updateDictionary', { params: { id }, body: { words: { delete: [page.words[0]!.id] } } })
    ).data();
    expect(await answer(user, 'Katze')).toMatchObject({ result: 'correct', status: 'applied' });
    expect(await logRows(user.id)).toBe(0);
  });
});
