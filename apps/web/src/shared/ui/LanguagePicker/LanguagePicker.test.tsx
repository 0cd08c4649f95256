import { LANGUAGES, type Language } from '@wordhoard/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubViewport } from '../testing/viewport';
import { LanguagePicker } from './LanguagePicker';

function Harness({ initial = 'en' }: { initial?: Language }) {
  const [language, setLanguage] = useState<Language>(initial);
  return (
    <>
      <LanguagePicker value={language} onChange={setLanguage} label="Interface language" />
      <p data-testid="chosen">{language}</p>
      <button type="button">Elsewhere</button>
    </>
  );
}

const chosen = () => screen.getByTestId('chosen').textContent;

describe('language picker on desktop (≥ 768 px): a row of flags', () => {
  let restore: () => void = () => {};
  afterEach(() => restore());

  it('shows every language as a named flag button, the current one pressed', () => {
    restore = stubViewport(1280);
    render(<Harness initial="uk" />);

    const group = screen.getByRole('group', { name: 'Interface language' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'English',
      'Українська',
      'Deutsch',
      'Français',
      'Español',
      'Italiano',
      'Polski',
    ]);
    expect(within(group).getByRole('button', { name: 'Українська' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(group).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'false');
    expect(group.querySelectorAll('svg')).toHaveLength(LANGUAGES.length);
    // uk is Ukraine (blue over yellow), en the United Kingdom.
    expect(group.querySelector('[data-flag="uk"] rect')).toHaveAttribute('fill', '#0057B7');
    expect(group.querySelector('[data-flag="en"] path')).not.toBeNull();
  });

  it('switches the language on a click', async () => {
    restore = stubViewport(1280);
    const user = userEvent.setup();
    render(<Harness />);

    await user.click(screen.getByRole('button', { name: 'Deutsch' }));

    expect(chosen()).toBe('de');
    expect(screen.getByRole('button', { name: 'Deutsch' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});

describe('language picker on phones (< 768 px): a dropdown', () => {
  let restore: () => void = () => {};
  afterEach(() => restore());

  const trigger = () => screen.getByRole('button', { name: /^Interface language:/ });

  it('shows the current language on its button and lists only the other languages', async () => {
    restore = stubViewport(375);
    const user = userEvent.setup();
    render(<Harness initial="pl" />);

    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(trigger()).toHaveAccessibleName('Interface language: Polski');
    // What the button shows: the flag and the language's own name, not its code ("PL").
    const shown = [...trigger().querySelectorAll('[aria-hidden="true"]')].map((node) => node.textContent);
    expect(shown.join('')).toBe('Polski');
    expect(trigger().querySelector('[data-flag="pl"]')).not.toBeNull();
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');

    await user.click(trigger());

    const list = screen.getByRole('listbox', { name: 'Interface language' });
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Українська', 'Deutsch', 'Français', 'Español', 'Italiano']);
    expect(list).toHaveFocus();
  });

  it('chooses with a click and closes', async () => {
    restore = stubViewport(375);
    const user = userEvent.setup();
    render(<Harness />);

    await user.click(trigger());
    await user.click(screen.getByRole('option', { name: 'Italiano' }));

    expect(chosen()).toBe('it');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger()).toHaveAccessibleName('Interface language: Italiano');
    expect(trigger()).toHaveFocus();
  });

  it('closes on a click outside, choosing nothing', async () => {
    restore = stubViewport(375);
    const user = userEvent.setup();
    render(<Harness />);

    await user.click(trigger());
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));

    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(chosen()).toBe('en');
  });

  it('closes on Escape and gives focus back to its button', async () => {
    restore = stubViewport(375);
    const user = userEvent.setup();
    render(<Harness />);

    await user.click(trigger());
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
    expect(chosen()).toBe('en');
  });

  it('works by keyboard: arrows move, Enter chooses', async () => {
    restore = stubViewport(375);
    const user = userEvent.setup();
    render(<Harness />);

    trigger().focus();
    await user.keyboard('{ArrowDown}');
    const list = screen.getByRole('listbox');
    expect(list).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Українська' }).id,
    );
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Français' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}{Enter}');

    expect(chosen()).toBe('pl');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
