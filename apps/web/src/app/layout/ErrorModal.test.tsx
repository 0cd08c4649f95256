import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CancelledError, NetworkError } from '../../shared/http';
import { renderWithProviders } from '../../test/render';
import { OFFLINE_MESSAGE } from '../../shared/errors';
import { ErrorModal, FallbackErrorDialog } from './ErrorModal';

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

  it('returns focus to what had it before it opened, after Escape and after Close', async () => {
    const { services, user } = await renderWithProviders(
      <>
        <input aria-label="Your answer" />
        <ErrorModal />
      </>,
    );
    const field = screen.getByRole('textbox', { name: 'Your answer' });
    field.focus();

    act(() => services.errors.show('Not found'));
    await screen.findByRole('dialog');
    await waitFor(() => expect(field).not.toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.activeElement).toBe(field);

    act(() => services.errors.show('Not found'));
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.activeElement).toBe(field);
  });

  it('tells a lost connection in words, once, until the server answers again', async () => {
    const { services, user } = await renderWithProviders(<ErrorModal />);
    const offline = () => new NetworkError('Failed to fetch', { cause: new TypeError('Failed to fetch') });

    act(() => services.errors.report(offline()));
    const dialog = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(dialog).toHaveAccessibleDescription("Can't reach Wordhoard — check your connection.");
    expect(dialog).not.toHaveTextContent('Failed to fetch');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    act(() => services.errors.report(offline()));
    act(() => services.errors.report(new TypeError('Failed to fetch')));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => services.errors.reconnected());
    act(() => services.errors.report(offline()));
    expect(await screen.findByRole('dialog')).toHaveTextContent("Can't reach Wordhoard");
  });

  it('has a fallback, when the dialog cannot be loaded, that also returns focus after Escape or Close', async () => {
    function Fallback() {
      const [message, setMessage] = useState('');
      return (
        <>
          <button type="button" onClick={() => setMessage(OFFLINE_MESSAGE)}>
            Save
          </button>
          <FallbackErrorDialog message={message} onClose={() => setMessage('')} />
        </>
      );
    }
    const { user } = await renderWithProviders(<Fallback />);
    const save = screen.getByRole('button', { name: 'Save' });

    await user.click(save);
    const dialog = screen.getByRole('alertdialog', { name: 'Something went wrong' });
    expect(dialog).toHaveTextContent("Can't reach Wordhoard — check your connection.");
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(save);

    await user.click(save);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(save);
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
