import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage } from '@wordhoard/shared';
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { currentLanguage } from './language';
import { loadAllStrings, wantsAllStrings } from './allStrings';
import { loadLocale } from './loadLocale';

/** SPEC §1: where the language is looked up, in this order, and where the choice is kept. */
export const DETECTION: DetectorOptions = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  lookupQuerystring: 'lng',
  caches: ['localStorage'],
};

/**
 * Loads a language's resources on demand, so a visitor downloads only the languages used, and
 * only the start areas until a screen behind sign-in has asked for every area (allStrings.ts).
 */
const lazyLocaleBackend = (instance: () => I18n): BackendModule => ({
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, _namespace, callback) {
    if (!isLanguage(language)) {
      callback(new Error(`Unsupported language "${language}"`), null);
      return;
    }
    loadLocale(language, wantsAllStrings(instance()) ? 'all' : 'start').then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : String(error), null),
    );
  },
});

export interface CreateI18nOptions {
  /** Use this language instead of detecting one (tests). */
  language?: string;
}

/**
 * A ready i18next instance: detected language, the strings of every area loaded, <html lang>
 * in sync (tests render any screen with it).
 */
export async function createI18n(options: CreateI18nOptions = {}): Promise<I18n> {
  const { i18n, ready } = startI18n(options);
  await ready;
  await loadAllStrings(i18n);
  return i18n;
}

/**
 * Starts i18next without waiting for the strings: the language is detected at once (so requests
 * can carry it), `ready` settles when its resources are loaded. Start-up uses this to restore the
 * session while the strings download (docs/performance.md, "Front end").
 */
export function startI18n(options: CreateI18nOptions = {}): { i18n: I18n; ready: Promise<unknown> } {
  const instance = i18next.createInstance();
  instance
    .use(LanguageDetector)
    .use(lazyLocaleBackend(() => instance))
    .use(initReactI18next);

  // <html lang> tells screen readers and the browser's spell checker which language is shown.
  instance.on('languageChanged', () => {
    document.documentElement.lang = currentLanguage(instance);
  });

  const ready = instance.init({
    lng: options.language,
    supportedLngs: LANGUAGES,
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    // `?lng=UK` or `?lng=DE` picks the language as `uk` and `de` do.
    cleanCode: true,
    fallbackLng: DEFAULT_LANGUAGE,
    ns: ['translation'],
    defaultNS: 'translation',
    // A copy: the detector fills its defaults into the object it is given.
    detection: { ...DETECTION },
    interpolation: { escapeValue: false }, // React escapes what it renders.
    returnEmptyString: false,
  });
  const sync = () => {
    document.documentElement.lang = currentLanguage(instance);
  };
  sync();
  return { i18n: instance, ready: ready.then(sync) };
}
