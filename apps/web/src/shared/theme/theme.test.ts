import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY, createTheme, type SystemDarkQuery } from './theme';

/** A MediaQueryList stand-in: a real EventTarget whose `matches` the test flips. */
class SystemDark extends EventTarget implements SystemDarkQuery {
  constructor(public matches: boolean) {
    super();
  }
  flip(matches: boolean) {
    this.matches = matches;
    this.dispatchEvent(new Event('change'));
  }
}

const root = () => document.documentElement;

function addThemeColors() {
  document.head.insertAdjacentHTML(
    'beforeend',
    '<meta name="theme-color" content="#f6f6fb" media="(prefers-color-scheme: light)">' +
      '<meta name="theme-color" content="#14151c" media="(prefers-color-scheme: dark)">',
  );
}
const themeColors = () =>
  [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].map((meta) => meta.content);

beforeEach(() => {
  window.localStorage.clear();
  delete root().dataset.theme;
  addThemeColors();
});

afterEach(() => {
  for (const meta of document.querySelectorAll('meta[name="theme-color"]')) meta.remove();
});

describe('createTheme', () => {
  it('follows the device when nothing is stored', () => {
    const theme = createTheme({
      root: root(),
      storage: window.localStorage,
      systemDark: new SystemDark(true),
    });

    expect(theme.preference()).toBe('system');
    expect(theme.resolved()).toBe('dark');
    expect(root().dataset.theme).toBe('dark');
    expect(themeColors()).toEqual(['#14151c', '#14151c']);
  });

  it('applies a choice at once and stores it for the next page load', () => {
    const systemDark = new SystemDark(false);
    const theme = createTheme({ root: root(), storage: window.localStorage, systemDark });
    expect(root().dataset.theme).toBe('light');

    theme.choose('dark');

    expect(root().dataset.theme).toBe('dark');
    expect(themeColors()).toEqual(['#14151c', '#14151c']);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    delete root().dataset.theme;
    const nextLoad = createTheme({ root: root(), storage: window.localStorage, systemDark });
    expect(nextLoad.preference()).toBe('dark');
    expect(root().dataset.theme).toBe('dark');
  });

  it('forgets the stored choice when going back to the system theme', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    const theme = createTheme({
      root: root(),
      storage: window.localStorage,
      systemDark: new SystemDark(true),
    });
    expect(root().dataset.theme).toBe('light');
    expect(themeColors()).toEqual(['#f6f6fb', '#f6f6fb']);

    theme.choose('system');

    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(root().dataset.theme).toBe('dark');
  });

  it('follows device changes in system mode only', () => {
    const systemDark = new SystemDark(false);
    const theme = createTheme({ root: root(), storage: window.localStorage, systemDark });
    let notified = 0;
    theme.subscribe(() => notified++);

    systemDark.flip(true);
    expect(root().dataset.theme).toBe('dark');
    expect(theme.resolved()).toBe('dark');
    expect(notified).toBe(1);

    theme.choose('light');
    systemDark.flip(false);
    systemDark.flip(true);
    expect(root().dataset.theme).toBe('light');
    expect(themeColors()).toEqual(['#f6f6fb', '#f6f6fb']);
  });

  it('ignores a stored value it does not know, and works without storage', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(
      createTheme({
        root: root(),
        storage: window.localStorage,
        systemDark: new SystemDark(false),
      }).preference(),
    ).toBe('system');

    const theme = createTheme({ root: root(), storage: null, systemDark: null });
    theme.choose('dark');
    expect(root().dataset.theme).toBe('dark');
  });
});
