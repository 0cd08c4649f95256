import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { SegmentedControl } from '../ui/SegmentedControl/SegmentedControl';
import { THEME_PREFERENCES, pageTheme, type Theme } from './theme';

export interface ThemeControlProps {
  className?: string;
  hint?: string;
  /** The page's theme unless given (tests give their own). */
  theme?: Theme;
}

/** "System · Light · Dark": applied at once, remembered on this device. */
export function ThemeControl({ className, hint, theme = pageTheme() }: ThemeControlProps) {
  const { t } = useTranslation();
  const preference = useSyncExternalStore(theme.subscribe, theme.preference, theme.preference);
  const labels = { system: t('Theme.System'), light: t('Theme.Light'), dark: t('Theme.Dark') };
  return (
    <SegmentedControl
      legend={t('Theme.Label')}
      options={THEME_PREFERENCES.map((value) => ({ value, label: labels[value] }))}
      value={preference}
      onChange={theme.choose}
      hint={hint}
      className={className}
    />
  );
}
