import { toLanguage, type Language } from '@wordhoard/shared';
import type { i18n as I18n } from 'i18next';

/** The two-letter supported language in use ('de' while i18next holds 'de-AT'). */
export function currentLanguage(i18n: Pick<I18n, 'resolvedLanguage' | 'language'>): Language {
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/** Switches the interface to `language` unless it is already in use (SPEC §4). */
export async function switchLanguage(i18n: I18n, language: Language): Promise<void> {
  if (currentLanguage(i18n) !== language) await i18n.changeLanguage(language);
}
