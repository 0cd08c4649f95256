import { LANGUAGES, type Language } from '@wordhoard/shared';
import { describe, expect, it } from 'vitest';
import { loadLocale } from './loadLocale';

type Tree = { [key: string]: string | Tree };

/** Every leaf of a resource tree as "Namespace.Key" → text. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const leaves = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') leaves.set(path, value);
    else for (const [leafPath, text] of flatten(value, path)) leaves.set(leafPath, text);
  }
  return leaves;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<(\w+)>/g)].map((match) => match[0]).sort();

describe('locales', async () => {
  const locales = new Map<Language, Map<string, string>>();
  for (const language of LANGUAGES) locales.set(language, flatten(await loadLocale(language)));
  const english = locales.get('en') ?? new Map<string, string>();

  it('load all seven languages with the shared namespaces beside the app ones', () => {
    expect([...locales.keys()]).toEqual(['en', 'uk', 'de', 'fr', 'es', 'it', 'pl']);
    expect(english.get('validation.required')).toBe('The field is required');
    expect(english.get('apiErrors.MAX_WORDS')).toBe('You already have max number of words');
    expect(english.get('Errors.NotFound')).toBe('Page not found');
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s has exactly the English keys',
    (language) => {
      expect([...(locales.get(language)?.keys() ?? [])].sort()).toEqual([...english.keys()].sort());
    },
  );

  it.each(LANGUAGES)('%s has no empty strings', (language) => {
    const empty = [...(locales.get(language) ?? [])]
      .filter(([, text]) => text.trim() === '')
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s keeps every placeholder and tag of the English text',
    (language) => {
      const locale = locales.get(language) ?? new Map<string, string>();
      for (const [key, text] of english) {
        expect({ key, placeholders: placeholders(locale.get(key) ?? '') }).toEqual({
          key,
          placeholders: placeholders(text),
        });
      }
    },
  );

  it('translates the app strings rather than copying English', () => {
    for (const language of LANGUAGES.filter((candidate) => candidate !== 'en')) {
      expect(locales.get(language)?.get('Errors.NotFound')).not.toBe(english.get('Errors.NotFound'));
      expect(locales.get(language)?.get('Landing.Motto')).not.toBe(english.get('Landing.Motto'));
    }
  });
});
