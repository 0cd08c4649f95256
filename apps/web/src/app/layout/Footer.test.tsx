import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Footer } from './Footer';

/** Read here from the root package.json, not through the code under test. */
const rootVersion = (
  JSON.parse(readFileSync(path.join(__dirname, '../../../../../package.json'), 'utf8')) as { version: string }
).version;

/** The tag the server writes into index.html from SOURCE_URL (apps/server/src/app.ts). */
function setSourceUrlMeta(url: string) {
  const meta = document.createElement('meta');
  meta.name = 'wordhoard:source-url';
  meta.content = url;
  document.head.append(meta);
}

afterEach(() => {
  document.head.querySelectorAll('meta[name="wordhoard:source-url"]').forEach((meta) => meta.remove());
});

describe('Footer', () => {
  it('shows the package.json version and links the source code the server names', async () => {
    setSourceUrlMeta('https://git.example.org/our-fork');
    await renderWithProviders(<Footer />);
    const footer = screen.getByTestId('site-footer');
    expect(rootVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(within(footer).getByText(`Version ${rootVersion}`)).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Source code' })).toHaveAttribute(
      'href',
      'https://git.example.org/our-fork',
    );
  });

  it('links the project’s repository when the page names none, in the interface language', async () => {
    const { i18n } = await renderWithProviders(<Footer />);
    const footer = screen.getByTestId('site-footer');
    expect(within(footer).getByRole('link', { name: 'Source code' })).toHaveAttribute(
      'href',
      'https://github.com/wordhoard/wordhoard',
    );
    await i18n.changeLanguage('uk');
    expect(await within(footer).findByRole('link', { name: 'Вихідний код' })).toBeInTheDocument();
    expect(within(footer).getByText(`Версія ${rootVersion}`)).toBeInTheDocument();
  });
});
