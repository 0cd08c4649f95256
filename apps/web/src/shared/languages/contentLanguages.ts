import {
  CONTENT_LANGUAGES,
  isLanguage,
  searchFold,
  textDirection,
  type ContentLanguage,
} from '@wordhoard/shared';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n';

/**
 * Names of content languages (any ISO 639-1 code, decision 0059) from the browser's
 * `Intl.DisplayNames`, so no name table ships. The seven interface languages keep their
 * translated names (`Dictionaries.Language.*`), written by people.
 */

const displayNames = new Map<string, Intl.DisplayNames | null>();

function namesIn(locale: string): Intl.DisplayNames | null {
  if (!displayNames.has(locale)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' });
    } catch {
      names = null;
    }
    displayNames.set(locale, names);
  }
  return displayNames.get(locale) ?? null;
}

/** A name as a list or a label starts it: "японська" → "Японська". */
function capitalized(name: string, locale: string): string {
  const first = name.codePointAt(0);
  if (first === undefined) return name;
  const head = String.fromCodePoint(first);
  return head.toLocaleUpperCase(locale) + name.slice(head.length);
}

/** `code` named in `locale` ("ja" in "uk" → "Японська"), or undefined when the runtime cannot. */
export function intlLanguageName(code: string, locale: string): string | undefined {
  try {
    const name = namesIn(locale)?.of(code);
    return name && name !== code ? capitalized(name, locale) : undefined;
  } catch {
    return undefined;
  }
}

/** The language's own name for itself ("日本語", "العربية"), or undefined. */
export function nativeLanguageName(code: string): string | undefined {
  return intlLanguageName(code, code);
}

/** A content language's name in the interface language; the code in capitals if unknown. */
export function useContentLanguageName(): (language: ContentLanguage) => string {
  const { t, i18n } = useTranslation();
  const locale = currentLanguage(i18n);
  return useCallback(
    (language: ContentLanguage) =>
      isLanguage(language)
        ? t(`Dictionaries.Language.${language}`)
        : (intlLanguageName(language, locale) ?? language.toUpperCase()),
    [t, locale],
  );
}

export interface ContentLanguageOption {
  code: ContentLanguage;
  /** In the interface language. */
  name: string;
  /** In the language itself; undefined when the runtime does not know it or it is the same. */
  native: string | undefined;
  /** Folded names and code that a search matches. */
  keys: string[];
}

/**
 * Every content language with its names, sorted by `name` (its name in the interface language
 * `locale`).
 */
export function contentLanguageOptions(
  locale: string,
  name: (language: ContentLanguage) => string,
): ContentLanguageOption[] {
  const collator = new Intl.Collator(locale);
  return CONTENT_LANGUAGES.map((code) => {
    const localized = name(code);
    const own = nativeLanguageName(code);
    const english = intlLanguageName(code, 'en');
    return {
      code,
      name: localized,
      native: own && own !== localized ? own : undefined,
      keys: [code, localized, own, english]
        .filter((key): key is string => key !== undefined)
        .map((key) => searchFold(key)),
    };
  }).sort((a, b) => collator.compare(a.name, b.name));
}

/** `contentLanguageOptions` in the interface language. */
export function useContentLanguageOptions(): ContentLanguageOption[] {
  const name = useContentLanguageName();
  const { i18n } = useTranslation();
  const locale = currentLanguage(i18n);
  return useMemo(() => contentLanguageOptions(locale, name), [name, locale]);
}

/**
 * The options whose code or a name (in the interface language, the language's own, or English)
 * holds the query, ignoring case and accents as word search does: "jap", "日本" and "япон" all
 * find Japanese. Those that start with it come first. All options for an empty query.
 */
export function filterContentLanguages(
  options: readonly ContentLanguageOption[],
  query: string,
): ContentLanguageOption[] {
  const wanted = searchFold(query.trim());
  if (wanted === '') return [...options];
  const starts: ContentLanguageOption[] = [];
  const inside: ContentLanguageOption[] = [];
  for (const option of options) {
    if (option.keys.some((key) => key.startsWith(wanted))) starts.push(option);
    else if (option.keys.some((key) => key.includes(wanted))) inside.push(option);
  }
  return [...starts, ...inside];
}

/** `lang` and `dir` for an element holding text in `language` (terms, definitions, answers). */
export function languageProps(language: string | null | undefined): { lang?: string; dir?: 'rtl' } {
  if (!language) return {};
  return textDirection(language) === 'rtl' ? { lang: language, dir: 'rtl' } : { lang: language };
}

/** `dir="rtl"` for text in a right-to-left language, else nothing (the page's direction). */
export function dirOf(language: string | null | undefined): 'rtl' | undefined {
  return textDirection(language) === 'rtl' ? 'rtl' : undefined;
}
