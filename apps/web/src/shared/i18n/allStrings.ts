import { isLanguage } from '@wordhoard/shared';
import type { i18n as I18n } from 'i18next';
import { loadAppMessages } from './loadLocale';

/**
 * The strings of every area for the screens behind sign-in (loadLocale.ts START_AREAS): loaded
 * once per instance, for the language in use and its fallbacks, and from then on with every
 * language the instance loads (createI18n.ts reads `wantsAllStrings`).
 */
const loading = new WeakMap<I18n, Promise<void>>();
/** Settled: loaded, or failed (the screen then renders with the strings it has, never waits in a loop). */
const settled = new WeakSet<I18n>();

export const wantsAllStrings = (i18n: I18n) => loading.has(i18n);

export function loadAllStrings(i18n: I18n): Promise<void> {
  let promise = loading.get(i18n);
  if (!promise) {
    const languages = [...new Set([i18n.resolvedLanguage, ...i18n.languages])].filter(
      (language) => language !== undefined && isLanguage(language),
    );
    promise = Promise.all(
      languages.map(async (language) => {
        const rest = await loadAppMessages(language, 'rest');
        i18n.addResourceBundle(language, 'translation', rest, true, true);
      }),
    ).then(
      () => {
        settled.add(i18n);
      },
      () => {
        // The next call tries again; meanwhile the screens show what there is.
        settled.add(i18n);
        loading.delete(i18n);
      },
    );
    loading.set(i18n, promise);
  }
  return promise;
}

/** The pending download while the strings of every area are not all there; null once settled. */
export function allStringsPending(i18n: I18n): Promise<void> | null {
  return settled.has(i18n) ? null : loadAllStrings(i18n);
}
