import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { DropdownMenu } from './DropdownMenu';

async function renderMenu() {
  const onLogOut = vi.fn();
  const rendered = await renderWithProviders(
    <div>
      <p>Outside</p>
      <DropdownMenu
        label="Account menu"
        trigger={<span>A</span>}
        header={<p>ada@example.com</p>}
        items={[
          { id: 'edit', label: 'Edit profile', to: '/user/edit' },
          { id: 'plans', label: 'Upgrade account', to: '/plans' },
          { id: 'logout', label: 'Log out', onSelect: onLogOut },
        ]}
      />
    </div>,
  );
  return { ...rendered, onLogOut, trigger: screen.getByRole('button', { name: 'Account menu' }) };
}

describe('DropdownMenu', () => {
  it('is a closed menu button until clicked', async () => {
    const { trigger, user } = await renderMenu();
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(trigger);

    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'Account menu' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Edit profile',
      'Upgrade account',
      'Log out',
    ]);
  });

  it('moves through the items with the arrow keys, Home and End', async () => {
    const { trigger, user } = await renderMenu();
    trigger.focus();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Edit profile' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Upgrade account' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Edit profile' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Edit profile' })).toHaveFocus();
  });

  it('opens on the last item with ArrowUp', async () => {
    const { trigger, user } = await renderMenu();
    trigger.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
  });

  it('closes on Escape and returns focus to the button', async () => {
    const { trigger, user } = await renderMenu();
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Edit profile' })).toHaveFocus();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('closes on a click outside', async () => {
    const { trigger, user } = await renderMenu();
    await user.click(trigger);

    await user.click(screen.getByText('Outside'));

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('runs an action item and closes', async () => {
    const { trigger, user, onLogOut } = await renderMenu();
    await user.click(trigger);

    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));

    expect(onLogOut).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('returns focus to the button after a choice, by click or by keyboard', async () => {
    const { trigger, user, onLogOut } = await renderMenu();
    await user.click(trigger);
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(document.activeElement).toBe(trigger);

    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onLogOut).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(trigger);
  });

  it('returns focus to the button after following a link item', async () => {
    const { trigger, user, router } = await renderMenu();
    await user.click(trigger);

    await user.click(screen.getByRole('menuitem', { name: 'Edit profile' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/user/edit'));
    expect(document.activeElement).toBe(trigger);
  });

  it('follows a link item with Space as well as Enter', async () => {
    const { trigger, user, router } = await renderMenu();
    trigger.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');

    await user.keyboard(' ');

    await waitFor(() => expect(router.state.location.pathname).toBe('/plans'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
