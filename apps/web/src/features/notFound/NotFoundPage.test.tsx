import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import NotFoundPage from './NotFoundPage';

describe('Not found screen', () => {
  it('says the page was not found, in a heading', async () => {
    await renderWithProviders(<NotFoundPage />, { path: '/no/such/page' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(document.title).toBe('Page not found · Wordhoard');
  });

  it('links to the main menu', async () => {
    await renderWithProviders(<NotFoundPage />, { path: '/no/such/page' });
    expect(screen.getByRole('link', { name: 'Main menu' })).toHaveAttribute('href', '/menu');
  });

  it('offers Retry', async () => {
    const onRetry = vi.fn();
    const { user } = await renderWithProviders(<NotFoundPage onRetry={onRetry} />, { path: '/no/such/page' });

    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(onRetry).toHaveBeenCalledOnce();
  });
});
