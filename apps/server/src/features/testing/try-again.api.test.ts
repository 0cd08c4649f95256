import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TesterOptions } from '@wordhoard/shared';
import { TestClock } from '../../../test/clock';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { ALL_WORDS, numberedWords, testingDriver } from '../../../test/testing-driver';

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
const state = (user: User) => drive().state(user);

/** Starts a test with exactly these options (POST /tester) and answers it 201. */
async function startWith(user: User, options: TesterOptions): Promise<void> {
  (await drive().as(user).call('createTester', { body: options })).data();
}

/** Skips every word of the running test, to its report. */
async function finish(user: User): Promise<void> {
  for (let now = await state(user); now.test; now = await state(user)) {
    (await drive().skip(user, await drive().current(user))).data();
  }
}

describe(`"try again" options kept with the test (${testDriver})`, () => {
  it('returns the options a test was started with in its report, to its owner only', async () => {
    const owner = await createUser(t.app, 'developer');
    const other = await createUser(t.app, 'developer');
    const ownerDictionary = await drive().dictionaryWith(owner, numberedWords(3));
    const otherDictionary = await drive().dictionaryWith(other, numberedWords(2));
    const ownerOptions: TesterOptions = {
      dictionaryId: ownerDictionary,
      swap: true,
      range: { type: 'date', period: 'custom', amount: 90, unit: 'minutes' },
    };
    const otherOptions: TesterOptions = {
      dictionaryId: otherDictionary,
      swap: false,
      range: { type: 'quantity', from: 'first', count: 50, order: 'desc' },
    };

    await startWith(owner, ownerOptions);
    await startWith(other, otherOptions);
    // A running test has no report yet.
    expect((await state(owner)).report).toBeNull();

    await finish(owner);
    await finish(other);
    const ownerReport = (await state(owner)).report;
    const otherReport = (await state(other)).report;
    expect(ownerReport?.options).toEqual(ownerOptions);
    expect(ownerReport?.total).toBe(3);
    expect(otherReport?.options).toEqual(otherOptions);
    expect(otherReport?.total).toBe(2);

    // The report's options start the same test again.
    await startWith(owner, ownerReport?.options ?? ownerOptions);
    const again = await state(owner);
    expect(again.test?.total).toBe(3);
    expect(again.test?.dictionaryId).toBe(ownerDictionary);
    expect(again.test?.reversed).toBe(true);
  });

  it('keeps the options of a test of the due words of every dictionary', async () => {
    const user = await createUser(t.app, 'developer');
    const id = await drive().dictionaryWith(user, numberedWords(2));
    // Skipped words are due again in a day.
    (await drive().start(user, id, ALL_WORDS)).data();
    await finish(user);
    clock.advance(2 * DAY);
    const everyDictionaryDue: TesterOptions = { dictionaryId: null, swap: false, range: { type: 'due' } };

    (await drive().startAllDue(user)).data();
    await finish(user);

    expect((await state(user)).report?.options).toEqual(everyDictionaryDue);
  });

  it('offers no options once the tested dictionary is deleted', async () => {
    const user = await createUser(t.app, 'developer');
    const id = await drive().dictionaryWith(user, numberedWords(2));
    await startWith(user, {
      dictionaryId: id,
      swap: false,
      range: { type: 'quantity', from: 'all', count: 20, order: 'asc' },
    });
    await finish(user);
    expect((await state(user)).report?.options?.dictionaryId).toBe(id);

    await drive().as(user).call('deleteDictionary', { params: { id } });

    const { report } = await state(user);
    expect(report?.total).toBe(2);
    expect(report?.options).toBeNull();
  });
});
