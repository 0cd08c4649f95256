import type { ContentLanguage } from '@wordhoard/shared';

/** "German", "allemand", "німецька": a language's name in the interface language. */
export function languageName(language: ContentLanguage, interfaceLanguage: string): string {
  try {
    return new Intl.DisplayNames([interfaceLanguage], { type: 'language' }).of(language) ?? language;
  } catch {
    return language.toUpperCase();
  }
}
