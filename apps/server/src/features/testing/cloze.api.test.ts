import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TesterOptions, WordInput } from '@wordhoard/shared';
import { TestClock } from '../../../test/clock';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { stateFingerprint } from '../../../test/state';
import { ALL_WORDS, testingDriver } from '../../../test/testing-driver';

const DAY = 24 * 60 * 60 * 1000;
const clock = new TestClock(new Date('2026-06-01T12:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(async () => {
  await t.close();
});

type User = { cookie: string };
const drive = () => testingDriver(t.app);

const WORDS: WordInput[] = [
  // The first sentence lacks the term: the second one is asked.
  { term: 'Straße', definitions: ['street'], examples: ['Ein Haus.', 'Die STRASSE ist lang.'] },
  // No sentence holds the term ("cat" is not a word start in "concatenate"): left out.
  { term: 'cat', definitions: ['Katze'], examples: ['Never concatenate strings.'] },
  // No sentence at all: left out.
  { term: 'dog', definitions: ['Hund'] },
  // An inflected form: the term's part is blanked, the ending stays.
  { term: 'run', definitions: ['laufen', 'rennen'], examples: ['She runs every day.'] },
];

const clozeOptions = (dictionaryId: string, range: TesterOptions['range'] = ALL_WORDS): TesterOptions => ({
  dictionaryId,
  swap: false,
  range,
  cloze: true,
});

async function start(user: User, options: TesterOptions) {
  return drive().as(user).call('createTester', { body: options });
}

describe(`cloze tests (${testDriver})`, () => {
  it('asks each word with a usable sentence through it, term blanked, and skips the others', async () => {
    const user = await createUser(t.app, 'developer');
    const id = await drive().dictionaryWith(user, WORDS);
    (await start(user, clozeOptions(id))).data();

    const first = (await drive().state(user)).test;
    expect(first).toMatchObject({
      term: 'street',
      total: 2,
      needAnswers: 1,
      reversed: true,
      cloze: { before: 'Die ', after: ' ist lang.' },
    });
    // The examples (which hold the answer) are not shown before the check.
    expect(first).not.toHaveProperty('examples');

    const target = await drive().current(user);
    const wrong = (await drive().answer(user, target, 'Strasse!')).data();
    // Graded by the shared grader: ß and ss are one accent fold apart, an almost-right answer.
    expect(wrong).toMatchObject({
      result: 'correct',
      almost: true,
      answer: 'Straße',
      examples: ['Ein Haus.', 'Die STRASSE ist lang.'],
    });

    const second = (await drive().state(user)).test;
    expect(second).toMatchObject({
      term: 'laufen, rennen',
      cloze: { before: 'She ', after: 's every day.' },
    });
    const skipped = (await drive().skip(user, await drive().current(user))).data();
    expect(skipped).toMatchObject({ answer: ['run'], examples: ['She runs every day.'] });

    const report = (await drive().state(user)).report;
    expect(report?.items.map((item) => [item.definitions, item.result, item.examples, item.cloze])).toEqual([
      [
        ['Straße'],
        'correct',
        ['Ein Haus.', 'Die STRASSE ist lang.'],
        { before: 'Die ', after: ' ist lang.' },
      ],
      [['run'], 'skipped', ['She runs every day.'], { before: 'She ', after: 's every day.' }],
    ]);
    expect(report?.options).toEqual(clozeOptions(id));
  });

  it('schedules a cloze answer in the "definitions → term" direction', async () => {
    const user = await createUser(t.app, 'developer');
    const id = await drive().dictionaryWith(user, WORDS.slice(0, 1));
    (await start(user, clozeOptions(id))).data();
    const target = await drive().current(user);
    (await drive().answer(user, target, 'Weg')).data();
    (await drive().answer(user, { ...target, attemptId: crypto.randomUUID() }, 'Straße')).data();

    const cards = await t.database.db.execute<{ reversed: boolean }>(
      sql`select reversed from word_cards where dictionary_id = ${id}`,
    );
    expect(cards.rows).toEqual([{ reversed: true }]);
    const log = await t.database.db.execute<{ reversed: boolean; result: string }>(
      sql`select l.reversed, l.result from review_log l join words w on w.id = l.word_id
        where w.dictionary_id = ${id}`,
    );
    expect(log.rows).toEqual([
      { reversed: true, result: 'wrong' },
      { reversed: true, result: 'correct' },
    ]);

    // Missed once, so due again soon, in that direction only: a due cloze test picks it up.
    clock.advance(DAY);
    const due = (await drive().as(user).call('dueCounts')).data();
    expect(due.dictionaries).toEqual([expect.objectContaining({ dictionaryId: id, forward: 0, swapped: 1 })]);
    (await start(user, clozeOptions(id, { type: 'due' }))).data();
    expect((await drive().state(user)).test).toMatchObject({ cloze: { before: 'Die ' }, total: 1 });
  });

  it('answers 400 EMPTY_TEST without using an attempt when no word has a usable sentence', async () => {
    const user = await createUser(t.app, 'developer');
    const id = await drive().dictionaryWith(user, WORDS.slice(1, 3));
    const before = await stateFingerprint(t.database.db);
    const response = await start(user, clozeOptions(id));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'EMPTY_TEST' });
    expect(await stateFingerprint(t.database.db)).toBe(before);
  });

  it('refuses cloze with ranges about definitions or across dictionaries (localized 400)', async () => {
    const user = await createUser(t.app, 'developer');
    const id = await drive().dictionaryWith(user, WORDS);
    const before = await stateFingerprint(t.database.db);
    for (const options of [
      clozeOptions(id, { type: 'weak' }),
      clozeOptions(id, { type: 'confusions' }),
      { ...clozeOptions(id, { type: 'due' }), dictionaryId: null },
    ]) {
      const response = await drive()
        .as(user)
        .call('createTester', { body: options, headers: { 'accept-language': 'fr' } });
      expect(response.statusCode, JSON.stringify(options)).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: expect.arrayContaining([{ path: 'body.cloze', message: 'Valeur non valide' }]),
      });
    }
    expect(await stateFingerprint(t.database.db)).toBe(before);
  });

  it('carries the cloze and the examples in the offline pack', async () => {
    const user = await createUser(t.app, 'developer');
    const id = await drive().dictionaryWith(user, WORDS);
    (await start(user, clozeOptions(id))).data();
    const { pack } = (await drive().as(user).call('offlinePack')).data();
    expect(pack?.words.map((word) => [word.definitions, word.cloze, word.examples])).toEqual([
      [['Straße'], { before: 'Die ', after: ' ist lang.' }, ['Ein Haus.', 'Die STRASSE ist lang.']],
      [['run'], { before: 'She ', after: 's every day.' }, ['She runs every day.']],
    ]);
  });
});
