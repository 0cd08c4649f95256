import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_LIMITS } from '@wordhoard/shared';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { createUser } from '../../../test/fixtures';

/**
 * An instance whose operator raised the free plan (FREE_DICTIONARIES, FREE_WORDS_PER_DICTIONARY,
 * FREE_TESTS_PER_DAY; docs/operations.md): the server holds a free account to the new numbers,
 * and says them wherever the app shows limits (the profile, the plans). Other plans keep theirs.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { FREE_DICTIONARIES: '3', FREE_WORDS_PER_DICTIONARY: '4', FREE_TESTS_PER_DAY: '7' },
  });
});
afterAll(async () => {
  await t.close();
});

type Cookie = { cookie: string };
const call = (user: Cookie, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
const words = (n: number) => Array.from({ length: n }, (_, i) => ({ term: `w${i}`, definitions: [`d${i}`] }));

describe(`the free plan's limits raised by the operator (${testDriver})`, () => {
  it('are the limits a free account is held to and is shown; guests and Premium keep theirs', async () => {
    expect(ROLE_LIMITS.user.dictionaries).toBe(2); // the compiled default the variables raise
    const user = await createUser(t.app, 'user');
    const me = await call(user, 'GET', '/api/users/me');
    expect(me.json().limits).toMatchObject({ dictionaries: 3, wordsPerDictionary: 4, testsPerDay: 7 });
    const plans = await call(user, 'GET', '/api/stripe/plans');
    expect(plans.statusCode, plans.body).toBe(200);
    const byId = Object.fromEntries(
      plans.json<{ id: string; limits: object }[]>().map((p) => [p.id, p.limits]),
    );
    expect(byId.free).toMatchObject({ dictionaries: 3, wordsPerDictionary: 4, testsPerDay: 7 });
    expect(byId.premium).toMatchObject({
      dictionaries: ROLE_LIMITS.premium.dictionaries,
      wordsPerDictionary: ROLE_LIMITS.premium.wordsPerDictionary,
      testsPerDay: ROLE_LIMITS.premium.testsPerDay,
    });
    const guest = await createUser(t.app, 'guest');
    expect((await call(guest, 'GET', '/api/users/me')).json().limits).toMatchObject({
      dictionaries: ROLE_LIMITS.guest.dictionaries,
      wordsPerDictionary: ROLE_LIMITS.guest.wordsPerDictionary,
      testsPerDay: ROLE_LIMITS.guest.testsPerDay,
    });

    // Three dictionaries, not two; the fourth is refused with the instance's number.
    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three']) {
      const created = await call(user, 'POST', '/api/dictionaries', {
        name,
        fromLanguage: 'en',
        toLanguage: 'de',
      });
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json().id);
    }
    const fourth = await call(user, 'POST', '/api/dictionaries', {
      name: 'Four',
      fromLanguage: 'en',
      toLanguage: 'de',
    });
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json()).toMatchObject({ code: 'MAX_DICTIONARIES', limit: { role: 'user', limit: 3 } });

    // Four words a dictionary: a fifth is refused and nothing of the batch is saved.
    const [first] = ids;
    const filled = await call(user, 'PATCH', `/api/dictionaries/${first}`, { words: { create: words(4) } });
    expect(filled.statusCode, filled.body).toBe(200);
    const over = await call(user, 'PATCH', `/api/dictionaries/${first}`, {
      words: { create: [{ term: 'w9', definitions: ['d9'] }] },
    });
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({ code: 'MAX_WORDS', limit: { role: 'user', limit: 4 } });

    // Seven tests a day: the first start says six are left.
    const started = await call(user, 'POST', '/api/tester', {
      dictionaryId: first,
      swap: false,
      range: { type: 'quantity', from: 'all', count: 20, order: 'asc' },
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toEqual({ testsLeft: 6 });
  });
});
