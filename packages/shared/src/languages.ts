/**
 * Content languages: what a dictionary's terms and definitions are written in. Any language with
 * an ISO 639-1 code, apart from the seven interface languages (`LANGUAGES` in ./constants), which
 * stay what the interface is translated into. docs/decisions/0059-any-language.md.
 *
 * Only the codes ship: names come from `Intl.DisplayNames` in the browser, so no name table
 * weighs on the bundle.
 */

/** Every ISO 639-1 code (183), alphabetical. */
export const CONTENT_LANGUAGES = [
  'aa', 'ab', 'ae', 'af', 'ak', 'am', 'an', 'ar', 'as', 'av', 'ay', 'az',
  'ba', 'be', 'bg', 'bi', 'bm', 'bn', 'bo', 'br', 'bs',
  'ca', 'ce', 'ch', 'co', 'cr', 'cs', 'cu', 'cv', 'cy',
  'da', 'de', 'dv', 'dz',
  'ee', 'el', 'en', 'eo', 'es', 'et', 'eu',
  'fa', 'ff', 'fi', 'fj', 'fo', 'fr', 'fy',
  'ga', 'gd', 'gl', 'gn', 'gu', 'gv',
  'ha', 'he', 'hi', 'ho', 'hr', 'ht', 'hu', 'hy', 'hz',
  'ia', 'id', 'ie', 'ig', 'ii', 'ik', 'io', 'is', 'it', 'iu',
  'ja', 'jv',
  'ka', 'kg', 'ki', 'kj', 'kk', 'kl', 'km', 'kn', 'ko', 'kr', 'ks', 'ku', 'kv', 'kw', 'ky',
  'la', 'lb', 'lg', 'li', 'ln', 'lo', 'lt', 'lu', 'lv',
  'mg', 'mh', 'mi', 'mk', 'ml', 'mn', 'mr', 'ms', 'mt', 'my',
  'na', 'nb', 'nd', 'ne', 'ng', 'nl', 'nn', 'no', 'nr', 'nv', 'ny',
  'oc', 'oj', 'om', 'or', 'os',
  'pa', 'pi', 'pl', 'ps', 'pt',
  'qu',
  'rm', 'rn', 'ro', 'ru', 'rw',
  'sa', 'sc', 'sd', 'se', 'sg', 'si', 'sk', 'sl', 'sm', 'sn', 'so', 'sq', 'sr', 'ss', 'st', 'su', 'sv', 'sw',
  'ta', 'te', 'tg', 'th', 'ti', 'tk', 'tl', 'tn', 'to', 'tr', 'ts', 'tt', 'tw', 'ty',
  'ug', 'uk', 'ur', 'uz',
  've', 'vi', 'vo',
  'wa', 'wo',
  'xh',
  'yi', 'yo',
  'za', 'zh', 'zu',
] as const; // prettier-ignore
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

const CONTENT_LANGUAGE_SET: ReadonlySet<string> = new Set(CONTENT_LANGUAGES);

export function isContentLanguage(value: unknown): value is ContentLanguage {
  return typeof value === 'string' && CONTENT_LANGUAGE_SET.has(value);
}

/**
 * Languages written right to left in their usual script: Arabic, Hebrew, Persian and Urdu, and
 * Yiddish, Pashto, Sindhi, Dhivehi and Uyghur. (Kurdish is left to right: Kurmanji, the most
 * spoken, is written in Latin letters.)
 */
export const RTL_LANGUAGES: readonly ContentLanguage[] = [
  'ar',
  'he',
  'fa',
  'ur',
  'yi',
  'ps',
  'sd',
  'dv',
  'ug',
];

/** The `dir` of text in `language`. */
export function textDirection(language: string | null | undefined): 'rtl' | 'ltr' {
  return (RTL_LANGUAGES as readonly string[]).includes(language ?? '') ? 'rtl' : 'ltr';
}

/** Languages written with Chinese characters, kana or Hangul (grading and the accent bar). */
export const CJK_LANGUAGES: readonly ContentLanguage[] = ['zh', 'ja', 'ko'];

export function isCjkLanguage(language: string | null | undefined): boolean {
  return (CJK_LANGUAGES as readonly string[]).includes(language ?? '');
}
