import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { Button } from '../Button/Button';
import { DropdownMenu } from '../DropdownMenu/DropdownMenu';
import { ConfirmDialog } from './ConfirmDialog';

/** A confirmation opened by a button, and the same one opened by a menu's item. */
function Confirmations() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Delete dictionary</Button>
      <DropdownMenu
        label="More"
        trigger={<span>…</span>}
        items={[{ id: 'delete', label: 'Delete', onSelect: () => setOpen(true) }]}
      />
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete “Animals”?"
        description="Its words go too."
        confirmLabel="Delete"
        cancelLabel="Cancel"
        onConfirm={() => setOpen(false)}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('starts on the safe answer and returns focus to its button after Escape or Cancel', async () => {
    const { user } = await renderWithProviders(<Confirmations />);
    const opener = screen.getByRole('button', { name: 'Delete dictionary' });

    await user.click(opener);
    expect(await screen.findByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(document.activeElement).toBe(opener);

    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(document.activeElement).toBe(opener);
  });

  it('while pending, keeps the confirm button busy (and focusable) and ignores its clicks', async () => {
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    const { user } = await renderWithProviders(
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title="Delete “Animals”?"
        description="Its words go too."
        confirmLabel="Delete"
        cancelLabel="Cancel"
        onConfirm={onConfirm}
        pending
      />,
    );
    const confirm = await screen.findByRole('button', { name: 'Delete' });
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(confirm).toHaveAttribute('aria-disabled', 'true');
    expect(confirm).not.toHaveAttribute('disabled');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();

    await user.click(confirm);
    expect(confirm).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('returns focus to the menu button when a menu item opened it', async () => {
    const { user } = await renderWithProviders(<Confirmations />);
    const menuButton = screen.getByRole('button', { name: 'More' });

    await user.click(menuButton);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await screen.findByRole('alertdialog', { name: 'Delete “Animals”?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(document.activeElement).toBe(menuButton);

    menuButton.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(document.activeElement).toBe(menuButton);
  });
});
