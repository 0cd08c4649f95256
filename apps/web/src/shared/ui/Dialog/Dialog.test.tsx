import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { Button } from '../Button/Button';
import { Dialog, DialogClose } from './Dialog';

function DialogWithOpener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Delete account</Button>
      <Button>Elsewhere</Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Delete your account?"
        actions={
          <DialogClose asChild>
            <Button>Cancel</Button>
          </DialogClose>
        }
      />
    </>
  );
}

async function openDialog() {
  const rendered = await renderWithProviders(<DialogWithOpener />);
  const opener = screen.getByRole('button', { name: 'Delete account' });
  await rendered.user.click(opener);
  await screen.findByRole('dialog', { name: 'Delete your account?' });
  expect(opener).not.toHaveFocus();
  return { ...rendered, opener };
}

describe('Dialog', () => {
  it('returns focus to the button that opened it when closed by Escape', async () => {
    const { user, opener } = await openDialog();

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.activeElement).toBe(opener);
  });

  it('returns focus to the button that opened it when closed by an action', async () => {
    const { user, opener } = await openDialog();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.activeElement).toBe(opener);
  });

  it('returns focus to the button that opened it when closed by the × button', async () => {
    const { user, opener } = await openDialog();

    await user.click(screen.getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.activeElement).toBe(opener);
  });
});
