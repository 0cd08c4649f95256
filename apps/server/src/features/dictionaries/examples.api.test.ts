import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseImport, type Dictionary, type Word } from '@wordhoard/shared';
import { apiClient } from '../../../test/api-client';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { stateFingerprint } from '../../../test/state';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const api = (cookie: string) => apiClient(t.app).as(cookie);

async function newDictionary(cookie: string): Promise<Dictionary> {
  return (
    await api(cookie).call('createDictionary', {
      body: { name: 'Examples', fromLanguage: 'en', toLanguage: 'de' },
    })
  ).data();
}

async function wordsOf(cookie: string, id: string): Promise<Word[]> {
  return (await api(cookie).call('getDictionary', { params: { id } })).data().words;
}

/** A dictionary with the word "cat" and its example, as a learner saves it. */
async function withCat(cookie: string): Promise<{ dictionary: Dictionary; cat: Word }> {
  const dictionary = await newDictionary(cookie);
  await api(cookie)
    .call('updateDictionary', {
      params: { id: dictionary.id },
      body: {
        words: {
          create: [{ term: 'cat', definitions: ['Katze'], examples: ['  The cat   sleeps on the mat. '] }],
        },
      },
    })
    .then((response) => response.data());
  const [cat] = await wordsOf(cookie, dictionary.id);
  if (!cat) throw new Error('no word');
  return { dictionary, cat };
}

describe(`example sentences (${testDriver})`, () => {
  it('are saved with a new word, trimmed, and read back on the page, the word and both exports', async () => {
    const user = await createUser(t.app);
    const { dictionary, cat } = await withCat(user.cookie);
    expect(cat).toMatchObject({ term: 'cat', examples: ['The cat sleeps on the mat.'], version: 1 });
    const one = (
      await api(user.cookie).call('getWord', { params: { id: dictionary.id, wordId: cat.id } })
    ).data();
    expect(one.examples).toEqual(['The cat sleeps on the mat.']);

    const json = await api(user.cookie).call('exportDictionary', {
      params: { id: dictionary.id },
      query: { format: 'json' },
    });
    expect(json.json().dictionary.words[0].examples).toEqual(['The cat sleeps on the mat.']);
    const csv = await api(user.cookie).call('exportDictionary', {
      params: { id: dictionary.id },
      query: { format: 'csv' },
    });
    expect(csv.body).toContain('cat,Katze,> The cat sleeps on the mat.\r\n');
    // What the export wrote reads back as the same word.
    const [entry] = parseImport(csv.body, { format: 'delimited', delimiter: ',' }).entries;
    expect(entry).toMatchObject({
      term: 'cat',
      definitions: ['Katze'],
      examples: ['The cat sleeps on the mat.'],
    });

    const account = (await api(user.cookie).call('exportMe')).data();
    const exported = account.dictionaries.find((d) => d.id === dictionary.id);
    expect(exported?.words[0]?.examples).toEqual(['The cat sleeps on the mat.']);
  });

  it('are replaced by an edit that bumps the version; an edit without them keeps them', async () => {
    const user = await createUser(t.app);
    const { dictionary, cat } = await withCat(user.cookie);
    const update = (word: object) =>
      api(user.cookie).call('updateDictionary', {
        params: { id: dictionary.id },
        body: { words: { update: [{ id: cat.id, ...word }] } },
      });
    (await update({ examples: ['A cat, a hat.', 'Cats purr.'], version: 1 })).data();
    let [saved] = await wordsOf(user.cookie, dictionary.id);
    expect(saved).toMatchObject({ examples: ['A cat, a hat.', 'Cats purr.'], version: 2 });

    (await update({ definitions: ['Katze', 'Kater'] })).data();
    [saved] = await wordsOf(user.cookie, dictionary.id);
    expect(saved).toMatchObject({ examples: ['A cat, a hat.', 'Cats purr.'], version: 3 });

    (await update({ examples: [], version: 3 })).data();
    [saved] = await wordsOf(user.cookie, dictionary.id);
    expect(saved).toMatchObject({ examples: [], version: 4 });
  });

  it('refuses six examples, a too long one and duplicates with a localized 400, changing nothing', async () => {
    const user = await createUser(t.app);
    const { dictionary, cat } = await withCat(user.cookie);
    const before = await stateFingerprint(t.database.db);
    const cases: [object, string][] = [
      [{ examples: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'Ein Wort kann höchstens 5 Beispielsätze haben'],
      [{ examples: ['x'.repeat(256)] }, 'Darf höchstens 255 Zeichen lang sein'],
      [{ examples: ['Cats purr.', 'cats PURR.'] }, 'Dieser Beispielsatz steht bereits in der Liste'],
      [{ examples: ['a <b> tag'] }, 'Das Zeichen „<“ ist hier nicht erlaubt'],
    ];
    for (const [change, message] of cases) {
      for (const body of [
        { words: { update: [{ id: cat.id, ...change }] } },
        { words: { create: [{ term: 'dog', definitions: ['Hund'], ...change }] } },
      ]) {
        const response = await api(user.cookie).call('updateDictionary', {
          params: { id: dictionary.id },
          body,
          headers: { 'accept-language': 'de' },
        });
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        const error = response.json<{ code: string; details: { message: string }[] }>();
        expect(error.code).toBe('VALIDATION_ERROR');
        expect(error.details.map((detail) => detail.message)).toContain(message);
      }
    }
    // 255 characters is the limit, not over it.
    expect(await stateFingerprint(t.database.db)).toBe(before);
    (
      await api(user.cookie).call('updateDictionary', {
        params: { id: dictionary.id },
        body: { words: { update: [{ id: cat.id, examples: ['x'.repeat(255), 'a', 'b', 'c', 'd'] }] } },
      })
    ).data();
  });

  it('lets one of two parallel edits of the same version win; the other gets 409 WORD_CHANGED', async () => {
    const user = await createUser(t.app);
    const { dictionary, cat } = await withCat(user.cookie);
    const edit = (examples: string[]) =>
      api(user.cookie).call('updateDictionary', {
        params: { id: dictionary.id },
        body: { words: { update: [{ id: cat.id, examples, version: cat.version }] } },
        headers: { 'accept-language': 'uk' },
      });
    const [a, b] = await Promise.all([edit(['From tab A.']), edit(['From tab B.'])]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [winner, loser] = a.statusCode === 200 ? [['From tab A.'], b] : [['From tab B.'], a];
    expect(loser.json()).toMatchObject({
      code: 'WORD_CHANGED',
      message: expect.stringContaining('Тим часом це слово змінили'),
    });
    const [saved] = await wordsOf(user.cookie, dictionary.id);
    // The winner's edit is whole; the loser changed nothing and can reload and edit again.
    expect(saved).toMatchObject({ examples: winner, version: 2 });
    const retry = await edit(['From tab B.']);
    expect(retry.statusCode).toBe(409);
  });

  it('refuses a stale version in a batch as a whole: no other change of the batch is saved', async () => {
    const user = await createUser(t.app);
    const { dictionary, cat } = await withCat(user.cookie);
    (
      await api(user.cookie).call('updateDictionary', {
        params: { id: dictionary.id },
        body: { words: { update: [{ id: cat.id, examples: ['First.'] }] } },
      })
    ).data();
    const before = await stateFingerprint(t.database.db);
    const stale = await api(user.cookie).call('updateDictionary', {
      params: { id: dictionary.id },
      body: {
        name: 'Renamed',
        words: {
          create: [{ term: 'dog', definitions: ['Hund'] }],
          update: [{ id: cat.id, examples: ['Second.'], version: 1 }],
        },
      },
    });
    expect(stale.statusCode).toBe(409);
    expect(await stateFingerprint(t.database.db)).toBe(before);
  });

  it("does not edit another learner's word, whatever version it names", async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const { dictionary, cat } = await withCat(owner.cookie);
    const response = await api(other.cookie).call('updateDictionary', {
      params: { id: dictionary.id },
      body: { words: { update: [{ id: cat.id, examples: ['Mine now.'], version: 1 }] } },
    });
    expect(response.statusCode).toBe(404);
    const [saved] = await wordsOf(owner.cookie, dictionary.id);
    expect(saved?.examples).toEqual(['The cat sleeps on the mat.']);
  });

  it('imports examples, and old files without them; invalid examples skip the word with skipInvalid', async () => {
    const user = await createUser(t.app);
    const dictionary = await newDictionary(user.cookie);
    const result = (
      await api(user.cookie).call('importWords', {
        params: { id: dictionary.id },
        body: {
          skipInvalid: true,
          words: [
            { term: 'cat', definitions: ['Katze'], examples: ['The cat sleeps.'] },
            { term: 'dog', definitions: ['Hund'] },
            { term: 'cow', definitions: ['Kuh'], examples: ['a', 'b', 'c', 'd', 'e', 'f'] },
          ],
        },
      })
    ).data();
    expect(result.imported).toBe(2);
    expect(result.skipped).toEqual([
      {
        term: 'cow',
        reason: 'invalid',
        index: 2,
        problems: [{ field: 'examples', message: 'validation.tooManyExamples|{"count":5}' }],
      },
    ]);
    const words = await wordsOf(user.cookie, dictionary.id);
    expect(Object.fromEntries(words.map((word) => [word.term, word.examples]))).toEqual({
      cat: ['The cat sleeps.'],
      dog: [],
    });
  });
});
