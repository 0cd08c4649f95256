import { screen } from '@testing-library/react';
import { useState, type SubmitEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { Button } from './Button';

/** The decorative spinner a busy button shows in its icon's place. */
function spinnerOf(button: HTMLElement) {
  return button.querySelector('[aria-hidden="true"] > span:empty');
}

/** A form whose submit button turns busy on the first submission and stays so. */
function SavingForm({ onSubmit }: { onSubmit: () => void }) {
  const [saving, setSaving] = useState(false);
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
    setSaving(true);
  };
  return (
    <form onSubmit={submit}>
      <label>
        Name <input name="name" />
      </label>
      <Button type="submit" busy={saving} icon={<svg data-testid="save-icon" />}>
        {saving ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}

describe('Button', () => {
  it('when not busy: no busy state, no spinner, and a click is a click', async () => {
    const onClick = vi.fn();
    const { user } = await renderWithProviders(
      <Button onClick={onClick} icon={<svg data-testid="icon" />}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(screen.getByTestId('icon')).toBeInTheDocument();
    expect(spinnerOf(button)).toBeNull();

    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('when busy: says so, shows a spinner instead of the icon, stays enabled and ignores clicks', async () => {
    const onClick = vi.fn();
    const { user } = await renderWithProviders(
      <Button busy onClick={onClick} icon={<svg data-testid="icon" />}>
        Saving…
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Saving…' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).not.toHaveAttribute('disabled');
    expect(screen.queryByTestId('icon')).not.toBeInTheDocument();
    expect(spinnerOf(button)).not.toBeNull();

    await user.click(button);
    button.focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onClick).not.toHaveBeenCalled();
    expect(button).toHaveFocus();
  });

  it('shows a spinner before the text of a busy button without an icon', async () => {
    await renderWithProviders(<Button busy>Sign in</Button>);
    const button = screen.getByRole('button', { name: 'Sign in' });
    expect(button.firstElementChild).toBe(spinnerOf(button)?.parentElement);
  });

  it('submits its form once: a second click and Enter in a field are refused, and the focus stays', async () => {
    const onSubmit = vi.fn();
    const { user } = await renderWithProviders(<SavingForm onSubmit={onSubmit} />);
    const button = screen.getByRole('button', { name: 'Save' });

    await user.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const busy = screen.getByRole('button', { name: 'Saving…' });
    expect(busy).toBe(button);
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveFocus();

    await user.click(busy);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'again{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('lets Enter in a field submit the form while not busy', async () => {
    const onSubmit = vi.fn();
    const { user } = await renderWithProviders(<SavingForm onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ann{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Saving…' })).toHaveAttribute('aria-busy', 'true');
  });

  it('a busy link does not navigate', async () => {
    const { user, router } = await renderWithProviders(
      <Button to="/elsewhere" busy>
        Continue
      </Button>,
      { path: '/here' },
    );
    const link = screen.getByRole('link', { name: 'Continue' });
    expect(link).toHaveAttribute('aria-busy', 'true');
    expect(link).toHaveAttribute('aria-disabled', 'true');
    await user.click(link);
    expect(router.state.location.pathname).toBe('/here');
  });
});
