import { loadMessages, type Language } from '@wordhoard/shared';
import type auth from './locales/en/auth.json';
import type common from './locales/en/common.json';
import type dictionaries from './locales/en/dictionaries.json';
import type payments from './locales/en/payments.json';
import type testing from './locales/en/testing.json';

/**
 * The app's strings, one folder per language and one file per area (common, auth,
 * dictionaries, testing, payments), so work on one area never touches another's file.
 */
export type AppMessages = typeof common &
  typeof auth &
  typeof dictionaries &
  typeof testing &
  typeof payments;

const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

/** The app's own strings for one language; each file becomes its own small chunk. */
async function loadAppMessages(language: Language): Promise<AppMessages> {
  const prefix = `./locales/${language}/`;
  const parts = await Promise.all(
    Object.entries(files)
      .filter(([path]) => path.startsWith(prefix))
      .map(([, load]) => load().then((module) => module.default)),
  );
  return Object.assign({}, ...parts) as AppMessages;
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
