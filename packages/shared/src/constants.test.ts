import { describe, expect, it } from 'vitest';
import {
  ACTIVE_ROLES,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  PASSWORD_LENGTH,
  ROLES,
  ROLE_LIMITS,
  TEXT_LENGTH,
  WORDS_PAGE_SIZE,
  isLanguage,
  languageFromAcceptLanguage,
  toLanguage,
} from './constants';
import {
  DATE_PERIODS,
  QUANTITY_COUNTS,
  QUANTITY_FROM,
  QUANTITY_ORDERS,
  sortDirectionInputSchema,
  testerOptionsSchema,
  updateDictionaryBodySchema,
} from './schemas';
import { VALIDATION_KEYS, decodeMessage } from './validation';

describe('languages', () => {
  it('are the seven of SPEC §3, English first and the fallback', () => {
    expect(LANGUAGES).toEqual(['en', 'uk', 'de', 'fr', 'es', 'it', 'pl']);
    expect(DEFAULT_LANGUAGE).toBe('en');
  });

  it('isLanguage accepts only the supported codes', () => {
    for (const language of LANGUAGES) expect(isLanguage(language)).toBe(true);
    for (const other of ['ru', 'EN', 'en-US', '', null, undefined, 1]) expect(isLanguage(other)).toBe(false);
  });

  it.each([
    ['de-AT', 'de'],
    ['uk-UA', 'uk'],
    ['FR', 'fr'],
    ['  pl ', 'pl'],
    ['it', 'it'],
    ['es-419', 'es'],
    ['ru-RU', 'en'],
    ['', 'en'],
    [null, 'en'],
    [undefined, 'en'],
  ])('toLanguage(%j) → %s', (tag, language) => {
    expect(toLanguage(tag)).toBe(language);
  });

  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['xx, fr;q=0.5', 'fr'],
    ['en;q=0.5, uk;q=0.9', 'uk'],
    ['pl;q=0, it;q=0.1', 'it'],
    ['fr;q=0', 'en'],
    ['ru-RU,ru;q=0.9', 'en'],
    ['*', 'en'],
    ['es-ES , de', 'es'],
    ['ES-es', 'es'],
    ['', 'en'],
    [null, 'en'],
    [undefined, 'en'],
  ])('languageFromAcceptLanguage(%j) → %s', (header, language) => {
    expect(languageFromAcceptLanguage(header)).toBe(language);
  });

  it('keeps header order between equal weights', () => {
    expect(languageFromAcceptLanguage('it, pl')).toBe('it');
    expect(languageFromAcceptLanguage('pl;q=0.7, it;q=0.7')).toBe('pl');
  });
});

describe('role limits', () => {
  it('lists the roles of SPEC §3', () => {
    expect([...ROLES].sort()).toEqual(
      ['user', 'guest', 'premium', 'notVerifiedUser', 'developer', 'notAcceptedPolicyUser', 'friend'].sort(),
    );
    expect(Object.keys(ROLE_LIMITS).sort()).toEqual([...ROLES].sort());
  });

  it('equal the SPEC §6 table exactly, with the storage quota of decision 0063', () => {
    const MB = 1024 * 1024;
    const table = {
      guest: [1, 100, 3, 10 * MB],
      user: [2, 300, 5, 50 * MB],
      premium: [10, 2000, 50, 1024 * MB],
      developer: [40, 5000, 200, 2048 * MB],
      friend: [10, 2000, 50, 1024 * MB],
    };
    for (const [role, [dictionaries, wordsPerDictionary, testsPerDay, mediaBytes]] of Object.entries(table)) {
      expect(ROLE_LIMITS[role as keyof typeof table], role).toEqual({
        dictionaries,
        wordsPerDictionary,
        testsPerDay,
        mediaBytes,
      });
    }
  });

  it.each(['notVerifiedUser', 'notAcceptedPolicyUser'] as const)('%s has the user limits', (role) => {
    expect(ROLE_LIMITS[role]).toEqual(ROLE_LIMITS.user);
    expect(ROLE_LIMITS[role]).toEqual({
      dictionaries: 2,
      wordsPerDictionary: 300,
      testsPerDay: 5,
      mediaBytes: 50 * 1024 * 1024,
    });
  });

  it('active roles exclude those that have not finished sign-up', () => {
    expect([...ACTIVE_ROLES].sort()).toEqual(['developer', 'friend', 'guest', 'premium', 'user']);
  });
});

describe('business constants', () => {
  it('match SPEC §9', () => {
    expect(TEXT_LENGTH).toEqual({ extraShort: 10, short: 31, middle: 63, long: 255 });
    expect(PASSWORD_LENGTH).toEqual({ min: 8, max: 32 });
    expect(WORDS_PAGE_SIZE).toBe(40);
  });
});

describe('contract schemas', () => {
  describe('sortDirectionInputSchema', () => {
    it.each([
      [1, 1],
      [-1, -1],
      ['1', 1],
      ['-1', -1],
    ])('accepts %j as %j', (input, output) => {
      expect(sortDirectionInputSchema.parse(input)).toBe(output);
    });

    it.each([0, '0', 2, '2', 'asc', '', null, undefined, 1.5])('rejects %j', (input) => {
      expect(sortDirectionInputSchema.safeParse(input).success).toBe(false);
    });
  });

  describe('testerOptionsSchema', () => {
    const base = { dictionaryId: '0b6f5b8e-2a4c-4d1e-9c3f-7a8b9c0d1e2f', swap: false };
    const quantityRanges = QUANTITY_FROM.flatMap((from) =>
      QUANTITY_COUNTS.flatMap((count) =>
        QUANTITY_ORDERS.map((order) => ({ type: 'quantity', from, count, order })),
      ),
    );

    it('covers every quantity range of SPEC §3', () => {
      expect(quantityRanges).toHaveLength(3 * 3 * 2);
      expect([...QUANTITY_FROM]).toEqual(['last', 'first', 'all']);
      expect([...QUANTITY_COUNTS]).toEqual([20, 50, 100]);
      expect([...QUANTITY_ORDERS]).toEqual(['asc', 'desc']);
    });

    it.each(quantityRanges)('accepts the quantity range %j', (range) => {
      expect(testerOptionsSchema.parse({ ...base, range })).toEqual({ ...base, range });
    });

    it.each(['lastDay', 'last3Days', 'lastWeek'])('accepts the date period %s', (period) => {
      const options = { ...base, swap: true, range: { type: 'date', period } };
      expect(testerOptionsSchema.parse(options)).toEqual(options);
    });

    it.each(['minutes', 'hours', 'days', 'weeks'])('accepts a custom period in %s', (unit) => {
      const options = { ...base, range: { type: 'date', period: 'custom', amount: 3, unit } };
      expect(testerOptionsSchema.parse(options)).toEqual(options);
    });

    it('lists the date periods of SPEC §3', () => {
      expect([...DATE_PERIODS]).toEqual(['lastDay', 'last3Days', 'lastWeek', 'custom']);
    });

    it.each([
      ['without amount and unit', { type: 'date', period: 'custom' }],
      ['without unit', { type: 'date', period: 'custom', amount: 2 }],
      ['without amount', { type: 'date', period: 'custom', unit: 'days' }],
    ])('rejects a custom period %s, as required', (_, range) => {
      const result = testerOptionsSchema.safeParse({ ...base, range });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => decodeMessage(issue.message).key)).toContain(
        VALIDATION_KEYS.required,
      );
    });

    it.each([
      ['count 30', { type: 'quantity', from: 'last', count: 30, order: 'asc' }],
      ['count "20" as a string', { type: 'quantity', from: 'last', count: '20', order: 'asc' }],
      ['an unknown origin', { type: 'quantity', from: 'middle', count: 20, order: 'asc' }],
      ['an unknown order', { type: 'quantity', from: 'first', count: 20, order: 'random' }],
      ['an unknown period', { type: 'date', period: 'lastYear' }],
      ['an unknown unit', { type: 'date', period: 'custom', amount: 1, unit: 'months' }],
      ['a zero amount', { type: 'date', period: 'custom', amount: 0, unit: 'days' }],
      ['a fractional amount', { type: 'date', period: 'custom', amount: 1.5, unit: 'days' }],
      ['an unknown type', { type: 'random' }],
    ])('rejects %s', (_, range) => {
      expect(testerOptionsSchema.safeParse({ ...base, range }).success).toBe(false);
    });

    it('rejects a dictionary id that is not a UUID', () => {
      const range = { type: 'quantity', from: 'all', count: 20, order: 'asc' };
      expect(testerOptionsSchema.safeParse({ ...base, dictionaryId: '42', range }).success).toBe(false);
    });

    it('takes no dictionary only for the due words of all of them (decision 0048)', () => {
      const everyDictionary = { dictionaryId: null, swap: false, range: { type: 'due' } };
      expect(testerOptionsSchema.parse(everyDictionary)).toEqual(everyDictionary);
      for (const range of [quantityRanges[0], { type: 'date', period: 'lastDay' }]) {
        const result = testerOptionsSchema.safeParse({ ...everyDictionary, range });
        expect(result.error?.issues.map((issue) => issue.path)).toEqual([['dictionaryId']]);
      }
    });
  });

  describe('updateDictionaryBodySchema', () => {
    const id = '0b6f5b8e-2a4c-4d1e-9c3f-7a8b9c0d1e2f';

    it('accepts new and updated words with valid definitions', () => {
      const body = {
        name: 'My words',
        words: {
          create: [{ term: 'cat, kitten', definitions: ['кіт', 'кошеня'] }],
          update: [{ id, definitions: ['pes'] }],
          delete: [id],
        },
      };
      expect(updateDictionaryBodySchema.parse(body)).toEqual(body);
    });

    it('rejects a definition with a comma at its path', () => {
      const result = updateDictionaryBodySchema.safeParse({
        words: { create: [{ term: 'cat', definitions: ['кіт, кошеня'] }] },
      });
      expect(result.success).toBe(false);
      const issue = result.error?.issues[0];
      expect(issue?.path).toEqual(['words', 'create', 0, 'definitions', 0]);
      expect(decodeMessage(issue?.message ?? '')).toEqual({
        key: VALIDATION_KEYS.forbiddenCharacter,
        values: { character: ',' },
      });
    });

    it('rejects a comma in an updated definition too', () => {
      const result = updateDictionaryBodySchema.safeParse({
        words: { update: [{ id, definitions: ['a, b'] }] },
      });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['words', 'update', 0, 'definitions', 0]);
    });
  });
});
