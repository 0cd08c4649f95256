import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CancelledError } from '../../shared/http';
import { renderWithProviders } from '../../test/render';
import { ErrorModal } from './ErrorModal';

async function renderModalWith(message: string) {
  const rendered = await renderWithProviders(<ErrorModal />);
  act(() => rendered.services.errors.show(message));
  return rendered;
}

describe('global error modal', () => {
  it('stays closed while there is no message', async () => {
    await renderWithProviders(<ErrorModal />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens with the message', async () => {
    await renderModalWith('You already have max number of words');

    const dialog = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(dialog).toHaveTextContent('You already have max number of words');
    expect(dialog).toHaveAccessibleDescription('You already have max number of words');
  });

  it('closes by its close button and clears the message', async () => {
    const { services, user } = await renderModalWith('Not found');

    await user.click(await screen.findByRole('button', { name: 'Close' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(services.errors.getMessage()).toBe('');
  });

  it('closes by Escape', async () => {
    const { services, user } = await renderModalWith('Not found');
    await screen.findByRole('dialog');

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(services.errors.getMessage()).toBe('');
  });

  it('closes by a click on the overlay', async () => {
    const { services, user } = await renderModalWith('Not found');
    await screen.findByRole('dialog');
    const overlay = document.querySelector('[data-dialog-overlay]');
    if (!overlay) throw new Error('The dialog has no overlay');

    await user.click(overlay);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(services.errors.getMessage()).toBe('');
  });

  it('shows encoded validation messages in words', async () => {
    await renderModalWith('validation.minLength|{"length":8}');
    expect(await screen.findByRole('dialog')).toHaveTextContent('Should be at least 8 characters');
  });

  it('ignores cancelled requests', async () => {
    const { services } = await renderWithProviders(<ErrorModal />);
    act(() => services.errors.report(new CancelledError()));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
