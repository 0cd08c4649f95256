import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { ALL_WORDS, testingDriver } from '../../../test/testing-driver';

/**
 * An exam date (docs/decisions/0050-exam-date.md): a review FSRS plans past the exam's eve is
 * brought forward to the eve; without an exam, or planned before it, nothing moves.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const drive = () => testingDriver(t.app);
const utcMidnight = (days: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days * DAY_MS);
};

/** A dictionary of one word answered right at once (a new card: Good, due in three days); its card's due. */
async function dueAfterRightAnswer(examDate: string | null): Promise<Date> {
  const user = await createUser(t.app, 'developer');
  const { id } = (
    await drive()
      .as(user)
      .call('createDictionary', { body: { name: 'Exam', fromLanguage: 'en', toLanguage: 'de', examDate } })
  ).data();
  (
    await drive()
      .as(user)
      .call('updateDictionary', {
        params: { id },
        body: { words: { create: [{ term: 'cat', definitions: ['Katze'] }] } },
      })
  ).data();
  (await drive().start(user, id, ALL_WORDS)).data();
  (await drive().answer(user, await drive().current(user), 'Katze')).data();
  const { rows } = await t.database.db.execute<{ due: Date | string }>(
    sql`select c.due from word_cards c join words w on w.id = c.word_id where w.dictionary_id = ${id}`,
  );
  return new Date(rows[0]!.due);
}

describe(`an exam date (${testDriver})`, () => {
  it('brings a review planned past the exam forward to its eve', async () => {
    const exam = utcMidnight(2);
    const due = await dueAfterRightAnswer(exam.toISOString().slice(0, 10));
    expect(due.toISOString()).toBe(utcMidnight(1).toISOString());
  });

  it('leaves the plan alone without an exam, or with one after the planned review', async () => {
    const free = await dueAfterRightAnswer(null);
    expect(free.getTime()).toBeGreaterThan(utcMidnight(2).getTime());
    const later = await dueAfterRightAnswer(utcMidnight(30).toISOString().slice(0, 10));
    // The two answers were a moment apart: the same plan.
    expect(Math.abs(later.getTime() - free.getTime())).toBeLessThan(60_000);
  });
});
