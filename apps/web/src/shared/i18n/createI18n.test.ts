import { afterEach, describe, expect, it } from 'vitest';
import { allStringsPending, loadAllStrings } from './allStrings';
import { createI18n, DETECTION, startI18n } from './createI18n';
import { currentLanguage, switchLanguage } from './language';
import { translateMessage } from './messages';

describe('createI18n', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    window.localStorage.clear();
  });

  it('looks the language up in the order SPEC §1 gives and caches it in localStorage', () => {
    expect(DETECTION).toEqual({
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      caches: ['localStorage'],
    });
  });

  it('maps a regional language from the query string to its supported language', async () => {
    window.history.replaceState(null, '', '/?lng=de-AT');

    const i18n = await createI18n();

    expect(currentLanguage(i18n)).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(i18n.t('Errors.NotFound')).toBe('Seite nicht gefunden');
    expect(i18n.t('validation.required')).not.toBe('The field is required');
  });

  it.each([
    ['UK', 'uk', 'Головне меню'],
    ['Uk', 'uk', 'Головне меню'],
    ['DE', 'de', 'Hauptmenü'],
    ['De-at', 'de', 'Hauptmenü'],
  ])('takes ?lng=%s from the query string as %s, whatever its case', async (lng, language, mainMenu) => {
    window.history.replaceState(null, '', `/?lng=${lng}`);

    const i18n = await createI18n();

    expect(currentLanguage(i18n)).toBe(language);
    expect(document.documentElement.lang).toBe(language);
    expect(i18n.t('Common.MainMenu')).toBe(mainMenu);
    expect(window.localStorage.getItem('i18nextLng')?.slice(0, 2)).toBe(language);
  });

  it('falls back to English for an unsupported language', async () => {
    window.history.replaceState(null, '', '/?lng=ja');

    const i18n = await createI18n();

    expect(currentLanguage(i18n)).toBe('en');
    expect(i18n.t('Landing.GetStarted')).toBe('Get started');
  });

  it('switches language, loading it on demand and keeping <html lang> in sync', async () => {
    const i18n = await createI18n({ language: 'en' });

    await switchLanguage(i18n, 'uk');

    expect(currentLanguage(i18n)).toBe('uk');
    expect(document.documentElement.lang).toBe('uk');
    expect(i18n.t('Common.MainMenu')).toBe('Головне меню');
    expect(window.localStorage.getItem('i18nextLng')).toBe('uk');
  });

  it('renders encoded validation messages and leaves plain text alone', async () => {
    const i18n = await createI18n({ language: 'en' });
    const translate = (message: string) => translateMessage(i18n.t, (key) => i18n.exists(key), message);

    expect(translate('validation.maxLength|{"length":31}')).toBe('Should be at most 31 characters');
    expect(translate('validation.required')).toBe('The field is required');
    expect(translate('Failed to fetch')).toBe('Failed to fetch');
  });
});

describe('the strings of the screens behind sign-in', () => {
  afterEach(() => {
    window.localStorage.clear();
  });

  it('are not loaded at start, only once a screen asks for them, and then with every language', async () => {
    const { i18n, ready } = startI18n({ language: 'de' });
    await ready;
    // The landing page's and the header's strings are there; the test screen's are not.
    expect(i18n.t('Errors.NotFound')).toBe('Seite nicht gefunden');
    expect(i18n.exists('Testing.Run.Check')).toBe(false);
    expect(allStringsPending(i18n)).not.toBeNull();

    await loadAllStrings(i18n);
    expect(allStringsPending(i18n)).toBeNull();
    expect(i18n.t('Testing.Run.Check')).toBe('Prüfen');

    // A language chosen later comes with every area at once.
    await switchLanguage(i18n, 'pl');
    expect(i18n.t('Testing.Run.Check')).toBe('Sprawdź');
  });
});
