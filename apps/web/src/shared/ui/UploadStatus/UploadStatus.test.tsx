import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n';
import { UploadStatus } from './UploadStatus';

async function renderIn(language: 'en' | 'de', ui: React.ReactElement) {
  const i18n = await createI18n({ language });
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}

describe('UploadStatus', () => {
  it('shows the bytes sent of the whole while the body goes out, in the interface language', async () => {
    await renderIn(
      'de',
      <UploadStatus progress={{ sent: 300 * 1024, total: 3 * 1024 * 1024 }} afterUpload="…" />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Hochladen' });
    expect(bar).toHaveAttribute('aria-valuenow', String(300 * 1024));
    expect(bar).toHaveAttribute('aria-valuemax', String(3 * 1024 * 1024));
    expect(screen.getByRole('status')).toHaveTextContent('300 kB von 3 MB gesendet');
  });

  it('says what comes next once everything is sent, or when no progress is told', async () => {
    const { rerender } = await renderIn(
      'en',
      <UploadStatus progress={{ sent: 2048, total: 2048 }} afterUpload="Reading the package…" />,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Reading the package…');

    rerender(<UploadStatus progress={null} afterUpload="Importing…" />);
    expect(screen.getByRole('status')).toHaveTextContent('Importing…');
  });
});
