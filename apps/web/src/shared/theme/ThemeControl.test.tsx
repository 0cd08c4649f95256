import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { createI18n } from '../i18n';
import { ThemeControl } from './ThemeControl';
import { createTheme } from './theme';

const newPageTheme = () =>
  createTheme({ root: document.documentElement, storage: window.localStorage, systemDark: null });

beforeEach(() => {
  window.localStorage.clear();
  delete document.documentElement.dataset.theme;
});

describe('ThemeControl', () => {
  it('applies Dark at once and still shows it after a reload', async () => {
    const user = userEvent.setup();
    const i18n = await createI18n({ language: 'en' });
    const control = () => (
      <I18nextProvider i18n={i18n}>
        <ThemeControl theme={newPageTheme()} />
      </I18nextProvider>
    );
    const { unmount } = render(control());
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
    expect(document.documentElement.dataset.theme).toBe('light');

    await user.click(screen.getByRole('radio', { name: 'Dark' }));

    expect(document.documentElement.dataset.theme).toBe('dark');
    unmount();
    delete document.documentElement.dataset.theme;

    // A new page load: a new theme read from localStorage, a new control.
    render(control());
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});
