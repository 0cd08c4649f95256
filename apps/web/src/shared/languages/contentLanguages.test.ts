import { CONTENT_LANGUAGES, type ContentLanguage } from '@wordhoard/shared';
import { describe, expect, it } from 'vitest';
import {
  contentLanguageOptions,
  dirOf,
  filterContentLanguages,
  intlLanguageName,
  languageProps,
  nativeLanguageName,
} from './contentLanguages';

const optionsIn = (locale: string) =>
  contentLanguageOptions(locale, (code: ContentLanguage) => intlLanguageName(code, locale) ?? code);
const codes = (locale: string, query: string) =>
  filterContentLanguages(optionsIn(locale), query).map((option) => option.code);

describe('content language names', () => {
  it('names a language in the interface language, capitalised, and in its own', () => {
    expect(intlLanguageName('ja', 'en')).toBe('Japanese');
    expect(intlLanguageName('ja', 'uk')).toBe('Японська');
    expect(intlLanguageName('ar', 'de')).toBe('Arabisch');
    expect(nativeLanguageName('ja')).toBe('日本語');
    expect(nativeLanguageName('ar')).toBe('العربية');
  });

  it('has a name for most codes (the rest show their code)', () => {
    const named = CONTENT_LANGUAGES.filter((code) => intlLanguageName(code, 'en') !== undefined);
    expect(named.length).toBeGreaterThanOrEqual(150);
  });
});

describe('filterContentLanguages', () => {
  it('finds Japanese by its English, Ukrainian or own name, typed in part', () => {
    expect(codes('en', 'jap')[0]).toBe('ja');
    expect(codes('uk', 'япон')[0]).toBe('ja');
    expect(codes('de', '日本')[0]).toBe('ja');
    // The English name works whatever the interface language.
    expect(codes('pl', 'japan')[0]).toBe('ja');
  });

  it('finds by code, ignores case and accents, and puts names that start with the query first', () => {
    expect(codes('en', 'AR')[0]).toBe('ar');
    expect(codes('fr', 'francais')).toContain('fr');
    expect(codes('en', 'العرب')).toEqual(['ar']);
    const ukr = codes('en', 'ukr');
    expect(ukr[0]).toBe('uk');
    expect(codes('en', 'zzzz')).toEqual([]);
  });

  it('lists every language, sorted by name in the interface language, for an empty query', () => {
    const all = filterContentLanguages(optionsIn('en'), '  ');
    expect(all).toHaveLength(CONTENT_LANGUAGES.length);
    const names = all.map((option) => option.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
  });
});

describe('languageProps and dirOf', () => {
  it('marks right-to-left languages, and only them', () => {
    for (const code of ['ar', 'he', 'fa', 'ur'] as const) {
      expect(languageProps(code)).toEqual({ lang: code, dir: 'rtl' });
      expect(dirOf(code)).toBe('rtl');
    }
    expect(languageProps('ja')).toEqual({ lang: 'ja' });
    expect(dirOf('en')).toBeUndefined();
    expect(languageProps(undefined)).toEqual({});
  });
});
