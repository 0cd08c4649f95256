export { ThemeControl } from './ThemeControl';
export type { ThemeControlProps } from './ThemeControl';
export { THEME_PREFERENCES, THEME_STORAGE_KEY, createTheme, pageTheme } from './theme';
export type { ResolvedTheme, Theme, ThemePreference } from './theme';
