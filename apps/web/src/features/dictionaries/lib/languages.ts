import { LANGUAGES, type Language } from '@wordhoard/shared';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../shared/i18n';
import type { SelectOption } from '../../../shared/ui';

/** A dictionary language's name in the interface language ("German", "Німецька"). */
export function useLanguageName(): (language: Language) => string {
  const { t } = useTranslation();
  return useCallback((language: Language) => t(`Dictionaries.Language.${language}`), [t]);
}

/** The seven dictionary languages as select options, named in the interface language. */
export function useLanguageOptions(): SelectOption[] {
  const name = useLanguageName();
  return useMemo(() => LANGUAGES.map((language) => ({ value: language, label: name(language) })), [name]);
}

/** Formats a date the way the interface language writes it. */
export function useDateFormatter(): (iso: string) => string {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    return (iso: string) => format.format(new Date(iso));
  }, [language]);
}
