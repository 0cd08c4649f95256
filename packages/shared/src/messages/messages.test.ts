import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../constants';
import { VALIDATION_KEYS } from '../validation';
import { englishMessages, errorMessage, interpolate, loadMessages, type MessageCatalog } from './index';

/** Every leaf of a catalog as [dotted key, text]. */
function leaves(catalog: object, prefix = ''): [string, unknown][] {
  return Object.entries(catalog).flatMap(([key, value]): [string, unknown][] =>
    typeof value === 'object' && value !== null
      ? leaves(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value]],
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const englishLeaves = leaves(englishMessages);
const englishKeys = englishLeaves.map(([key]) => key).sort();

const catalogs = await Promise.all(
  LANGUAGES.map(async (language) => [language, await loadMessages(language)] as const),
);
const translations = catalogs.filter(([language]) => language !== 'en');

describe('message catalogs', () => {
  it('loads one distinct catalog per language, English for en', () => {
    expect(catalogs.map(([language]) => language)).toEqual(['en', 'uk', 'de', 'fr', 'es', 'it', 'pl']);
    expect(catalogs[0]![1]).toBe(englishMessages);
    expect(new Set(catalogs.map(([, catalog]) => catalog)).size).toBe(LANGUAGES.length);
  });

  it('English has a message for every validation key', () => {
    const english = new Map(englishLeaves);
    for (const key of Object.values(VALIDATION_KEYS))
      expect(english.get(key), key).toEqual(expect.any(String));
  });

  describe.each(catalogs)('%s', (language: Language, catalog: MessageCatalog) => {
    const entries = leaves(catalog);

    it('has exactly the English key set', () => {
      expect(entries.map(([key]) => key).sort()).toEqual(englishKeys);
    });

    it('has only non-empty strings', () => {
      for (const [key, text] of entries) {
        expect(typeof text, key).toBe('string');
        expect((text as string).trim(), key).not.toBe('');
      }
    });

    it('keeps every English placeholder of each key, and adds none', () => {
      const texts = new Map(entries);
      for (const [key, english] of englishLeaves) {
        expect(placeholders(String(texts.get(key))), `${language} ${key}`).toEqual(
          placeholders(String(english)),
        );
      }
    });
  });

  describe.each(translations)('%s translation', (_language: Language, catalog: MessageCatalog) => {
    it('is translated, not a copy of the English text', () => {
      const texts = new Map(leaves(catalog));
      const copied = englishLeaves.filter(([key, english]) => texts.get(key) === english);
      expect(copied.map(([key]) => key)).toEqual([]);
    });

    it('keeps quotes around the role in MAX_DICTIONARIES', () => {
      expect(catalog.apiErrors.MAX_DICTIONARIES).toMatch(
        /["„“«»‚‘][\s\u00a0\u202f]*\{\{role\}\}[\s\u00a0\u202f]*["“”«»’‘]/,
      );
    });
  });
});

describe('interpolate', () => {
  it('fills every known placeholder, with or without inner spaces', () => {
    expect(
      interpolate('For the "{{role}}" role, the maximum is {{ limit }}', { role: 'guest', limit: 1 }),
    ).toBe('For the "guest" role, the maximum is 1');
  });

  it('fills a placeholder used twice and stringifies numbers, including 0', () => {
    expect(interpolate('{{n}} of {{n}}', { n: 0 })).toBe('0 of 0');
  });

  it('leaves unknown placeholders visible', () => {
    expect(interpolate('At most {{length}} characters, {{other}}', { length: 31 })).toBe(
      'At most 31 characters, {{other}}',
    );
    expect(interpolate('Retry in {{seconds}} seconds')).toBe('Retry in {{seconds}} seconds');
  });

  it('leaves text without placeholders unchanged', () => {
    expect(interpolate('Not found', { length: 3 })).toBe('Not found');
  });

  it.each(catalogs)('fills the maxLength message of %s', (_language, catalog) => {
    const text = interpolate(catalog.validation.maxLength, { length: 31 });
    expect(text).toContain('31');
    expect(text).not.toContain('{{');
  });

  it.each(catalogs)('fills the MAX_DICTIONARIES message of %s', (_language, catalog) => {
    const text = interpolate(catalog.apiErrors.MAX_DICTIONARIES, { role: 'premium', limit: 10 });
    expect(text).toContain('premium');
    expect(text).toContain('10');
    expect(text).not.toMatch(/\{\{|\}\}/);
  });
});

describe('errorMessage', () => {
  it.each(catalogs)(
    'reads a wait of up to 90 s in seconds and a longer one in minutes (%s)',
    (_language, catalog) => {
      const short = errorMessage(catalog, 'TOO_MANY_REQUESTS', { seconds: 90 });
      expect(short).toContain('90');
      expect(short).toBe(interpolate(catalog.apiErrors.TOO_MANY_REQUESTS, { seconds: 90 }));

      // 91 s rounds up to 2 minutes; the 15-minute login window reads as 15, never as 900.
      expect(errorMessage(catalog, 'TOO_MANY_REQUESTS', { seconds: 91 })).toMatch(/\b2\b/);
      const long = errorMessage(catalog, 'TOO_MANY_REQUESTS', { seconds: 900 });
      expect(long).toMatch(/\b15\b/);
      expect(long).not.toContain('900');
      expect(long).not.toMatch(/\{\{|\}\}/);
      expect(long).not.toBe(short.replace('90', '15'));
    },
  );

  it('fills other codes from apiErrors', () => {
    expect(errorMessage(englishMessages, 'MAX_DICTIONARIES', { role: 'User', limit: 2 })).toBe(
      'For the "User" role, the maximum number of dictionaries is set to 2',
    );
  });
});
