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
