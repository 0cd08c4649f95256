import type { ContentLanguage, Dictionary, Language } from '@wordhoard/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shared/i18n';
import { useContentLanguageName } from '../../../shared/languages/contentLanguages';

/** A dictionary language's name in the interface language ("German", "Японська"). */
export const useLanguageName = useContentLanguageName;

/** Formats a date the way the interface language writes it. */
export function useDateFormatter(): (iso: string) => string {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    return (iso: string) => format.format(new Date(iso));
  }, [language]);
}

/**
 * The languages a new dictionary starts with (decision 0087): those of the dictionary the
 * learner changed last, which the server keeps for every device; for a first dictionary,
 * definitions in the interface language and terms in English, or Spanish for English speakers.
 */
export function newDictionaryLanguages(
  interfaceLanguage: Language,
  latest: Pick<Dictionary, 'fromLanguage' | 'toLanguage'> | null | undefined,
): { fromLanguage: ContentLanguage; toLanguage: ContentLanguage } {
  if (latest) return { fromLanguage: latest.fromLanguage, toLanguage: latest.toLanguage };
  return { fromLanguage: interfaceLanguage === 'en' ? 'es' : 'en', toLanguage: interfaceLanguage };
}
