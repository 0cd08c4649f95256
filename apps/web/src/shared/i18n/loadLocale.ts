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

/**
 * The areas every screen may need: the public pages, the header and footer, the sign-in forms,
 * the error modal. The others (dictionaries, testing, payments) are needed only by the screens
 * behind sign-in, which wait for them (allStrings.ts), so the landing page does not download
 * them (scripts/check-bundle-budget.mjs counts the same two files for `/`).
 */
export const START_AREAS: readonly string[] = ['common', 'auth'];

/** Which of the app's string files: those of the start areas, the others, or all. */
export type Areas = 'start' | 'rest' | 'all';

const inAreas = (path: string, areas: Areas) => {
  if (areas === 'all') return true;
  const area = path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
  return START_AREAS.includes(area) === (areas === 'start');
};

/** The app's own strings of `areas` for one language; each file becomes its own small chunk. */
export async function loadAppMessages(language: Language, areas: Areas): Promise<Partial<AppMessages>> {
  const prefix = `./locales/${language}/`;
  const parts = await Promise.all(
    Object.entries(files)
      .filter(([path]) => path.startsWith(prefix) && inAreas(path, areas))
      .map(([, load]) => load().then((module) => module.default)),
  );
  return Object.assign({}, ...parts) as Partial<AppMessages>;
}

/**
 * Everything one language needs, as one i18next resource: the app's namespaces (`Common`,
 * `Errors`, …; at start only those of START_AREAS) beside the shared catalog's `validation` and
 * `apiErrors`.
 */
export async function loadLocale(language: Language, areas: 'start' | 'all' = 'all') {
  const [app, shared] = await Promise.all([loadAppMessages(language, areas), loadMessages(language)]);
  return { ...(app as AppMessages), ...shared };
}

export type LocaleResource = Awaited<ReturnType<typeof loadLocale>>;
