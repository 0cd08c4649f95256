import type { Language } from '@wordhoard/shared';

/** Each interface language in its own words, so a reader finds theirs whatever is shown now. */
export const LANGUAGE_ENDONYMS: Readonly<Record<Language, string>> = {
  en: 'English',
  uk: 'Українська',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  pl: 'Polski',
};
