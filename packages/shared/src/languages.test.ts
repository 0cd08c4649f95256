import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './constants';
import {
  CONTENT_LANGUAGES,
  RTL_LANGUAGES,
  isCjkLanguage,
  isContentLanguage,
  textDirection,
} from './languages';
import { contentLanguageSchema, createDictionaryBodySchema } from './schemas';

describe('content languages (decision 0059)', () => {
  it('are the 183 ISO 639-1 codes, two lower-case letters each, once, in order', () => {
    expect(CONTENT_LANGUAGES).toHaveLength(183);
    expect(new Set(CONTENT_LANGUAGES).size).toBe(183);
    for (const code of CONTENT_LANGUAGES) expect(code).toMatch(/^[a-z]{2}$/);
    expect([...CONTENT_LANGUAGES]).toEqual([...CONTENT_LANGUAGES].sort());
    for (const code of ['ja', 'zh', 'ko', 'ar', 'he', 'fa', 'ur', 'pt', 'el', 'hi', 'sw']) {
      expect(isContentLanguage(code)).toBe(true);
    }
  });

  it('include every interface language, so existing dictionaries stay valid', () => {
    for (const language of LANGUAGES) expect(isContentLanguage(language)).toBe(true);
  });

  it('refuse anything else, with the localized "choose from the list" message', () => {
    for (const value of ['xx', 'jpn', 'JA', 'ja-JP', '', 7, null]) {
      expect(isContentLanguage(value)).toBe(false);
      const parsed = contentLanguageSchema.safeParse(value);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('validation.unknownLanguage');
    }
    expect(
      createDictionaryBodySchema.safeParse({ name: 'Nihongo', fromLanguage: 'ja', toLanguage: 'en' }).success,
    ).toBe(true);
  });

  it('know which are written right to left and which are CJK', () => {
    expect(RTL_LANGUAGES).toEqual(expect.arrayContaining(['ar', 'he', 'fa', 'ur']));
    for (const code of RTL_LANGUAGES) expect(isContentLanguage(code)).toBe(true);
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('ja')).toBe('ltr');
    expect(textDirection(undefined)).toBe('ltr');
    expect(['zh', 'ja', 'ko'].every(isCjkLanguage)).toBe(true);
    expect(isCjkLanguage('en')).toBe(false);
  });
});
