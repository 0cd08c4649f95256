import { createStore } from '../lib/createStore';

/** What the user picked: follow the device, or always light, or always dark. */
export type ThemePreference = 'system' | 'light' | 'dark';
/** What is shown. */
export type ResolvedTheme = 'light' | 'dark';

export const THEME_PREFERENCES: readonly ThemePreference[] = ['system', 'light', 'dark'];
/** The localStorage key; per device, not per account. */
export const THEME_STORAGE_KEY = 'wordhoard.theme';
export const DARK_QUERY = '(prefers-color-scheme: dark)';

/** window.matchMedia(DARK_QUERY), reduced to what this needs. */
export interface SystemDarkQuery extends EventTarget {
  readonly matches: boolean;
}

export interface ThemeOptions {
  root: HTMLElement;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  systemDark: SystemDarkQuery | null;
}

export interface Theme {
  preference: () => ThemePreference;
  resolved: () => ResolvedTheme;
  /** Applies the choice at once and remembers it on this device. */
  choose: (preference: ThemePreference) => void;
  subscribe: (listener: () => void) => () => void;
}

const isPreference = (value: unknown): value is ThemePreference =>
  THEME_PREFERENCES.includes(value as ThemePreference);

function read(storage: ThemeOptions['storage']): ThemePreference {
  try {
    const stored = storage?.getItem(THEME_STORAGE_KEY);
    return isPreference(stored) ? stored : 'system';
  } catch {
    return 'system'; // Storage refused (private mode, blocked cookies): follow the device.
  }
}

function write(storage: ThemeOptions['storage'], preference: ThemePreference) {
  try {
    if (preference === 'system') storage?.removeItem(THEME_STORAGE_KEY);
    else storage?.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Not remembered, but still applied for this visit.
  }
}

/**
 * The browser bar colour: index.html has one <meta name="theme-color"> per scheme (by media).
 * Each keeps its own colour in data-scheme-color; all of them show the shown theme's one.
 */
function applyThemeColor(root: HTMLElement, resolved: ResolvedTheme) {
  const metas = [...root.ownerDocument.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')];
  for (const meta of metas) meta.dataset.schemeColor ??= meta.content;
  const own = metas.find(
    (meta) => (meta.getAttribute('media')?.includes('dark') ? 'dark' : 'light') === resolved,
  );
  const color = own?.dataset.schemeColor;
  if (color) for (const meta of metas) meta.content = color;
}

/**
 * The colour theme. `data-theme` on <html> always holds the shown theme, which picks the
 * tokens and `color-scheme` (shared/ui/styles/tokens.css), so form controls and scrollbars
 * follow; in "system" mode it follows the device as it changes.
 */
export function createTheme({ root, storage, systemDark }: ThemeOptions): Theme {
  const preference = createStore<ThemePreference>(read(storage));
  const resolve = (): ResolvedTheme => {
    const chosen = preference.get();
    if (chosen !== 'system') return chosen;
    return systemDark?.matches ? 'dark' : 'light';
  };
  const resolved = createStore<ResolvedTheme>(resolve());

  const apply = () => {
    resolved.set(resolve());
    root.dataset.theme = resolved.get();
    applyThemeColor(root, resolved.get());
  };

  systemDark?.addEventListener('change', () => {
    if (preference.get() === 'system') apply();
  });
  apply();

  return {
    preference: preference.get,
    resolved: resolved.get,
    choose(next) {
      write(storage, next);
      preference.set(next);
      apply();
    },
    subscribe(listener) {
      const off = [preference.subscribe(listener), resolved.subscribe(listener)];
      return () => off.forEach((unsubscribe) => unsubscribe());
    },
  };
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

let current: Theme | null = null;

/**
 * The page's theme, created (and applied) on first use: main.tsx calls this before anything
 * renders, so the stored choice is on <html> before the first frame the app draws.
 */
export function pageTheme(): Theme {
  current ??= createTheme({
    root: document.documentElement,
    storage: localStorageOrNull(),
    systemDark: typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null,
  });
  return current;
}
