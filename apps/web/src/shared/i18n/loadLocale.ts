import { loadMessages, type Language } from '@wordhoard/shared';
import type en from './locales/en.json';

export type AppMessages = typeof en;

/** The app's own strings for one language; each file becomes its own chunk. */
function loadAppMessages(language: Language): Promise<AppMessages> {
  switch (language) {
    case 'en':
      return import('./locales/en.json').then((module) => module.default);
    case 'uk':
      return import('./locales/uk.json').then((module) => module.default);
    case 'de':
      return import('./locales/de.json').then((module) => module.default);
    case 'fr':
      return import('./locales/fr.json').then((module) => module.default);
    case 'es':
      return import('./locales/es.json').then((module) => module.default);
    case 'it':
      return import('./locales/it.json').then((module) => module.default);
    case 'pl':
      return import('./locales/pl.json').then((module) => module.default);
  }
}

/**
 * Everything one language needs, as one i18next resource: the app's namespaces (`Common`,
 * `Errors`, …) beside the shared catalog's `validation` and `apiErrors`.
 */
export async function loadLocale(language: Language) {
  const [app, shared] = await Promise.all([loadAppMessages(language), loadMessages(language)]);
  return { ...app, ...shared };
}

export type LocaleResource = Awaited<ReturnType<typeof loadLocale>>;
