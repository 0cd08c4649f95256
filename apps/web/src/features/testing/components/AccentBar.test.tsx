import { screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ContentLanguage } from '@wordhoard/shared';
import { renderWithProviders } from '../../../test/render';
import { AccentBar } from './AccentBar';

/** A controlled answer field with the bar under it, as on the testing screen. */
function Field({ language, initial = '' }: { language: ContentLanguage; initial?: string }) {
  const ref = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="answer">Answer</label>
      <input
        id="answer"
        ref={ref}
        lang={language}
        value={value}
        maxLength={12}
        onChange={(event) => setValue(event.target.value)}
      />
      <output data-testid="state">{value}</output>
      <AccentBar language={language} input={ref} inputId="answer" languageLabel="German" />
    </>
  );
}

describe('AccentBar', () => {
  it('inserts at the caret, keeps the focus in the field and the caret after the letter', async () => {
    const { user } = await renderWithProviders(<Field language="de" initial="Mdchen" />);
    const input = screen.getByLabelText<HTMLInputElement>('Answer');
    await user.click(input);
    input.setSelectionRange(1, 1);

    await user.click(screen.getByRole('button', { name: 'Insert ä' }));

    expect(input).toHaveValue('Mädchen');
    // React state followed the change, not only the DOM.
    expect(screen.getByTestId('state')).toHaveTextContent('Mädchen');
    expect(input).toHaveFocus();
    expect(input.selectionStart).toBe(2);
    expect(input.selectionEnd).toBe(2);

    // Typing goes on from there.
    await user.keyboard('x');
    expect(input).toHaveValue('Mäxdchen');
  });

  it('replaces a selection, and ⇧ gives one capital letter', async () => {
    const { user } = await renderWithProviders(<Field language="pl" initial="zrodlo" />);
    const input = screen.getByLabelText<HTMLInputElement>('Answer');
    await user.click(input);
    input.setSelectionRange(2, 3);
    await user.click(screen.getByRole('button', { name: 'Insert ó' }));
    expect(input).toHaveValue('zródlo');
    expect(input.selectionStart).toBe(3);

    input.setSelectionRange(0, 1);
    const shift = screen.getByRole('button', { name: 'Capital letter' });
    await user.click(shift);
    expect(shift).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Insert Ź' }));
    expect(input).toHaveValue('Źródlo');
    expect(input.selectionStart).toBe(1);
    // One capital only, as on a phone keyboard.
    expect(shift).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Insert ł' })).toBeInTheDocument();
  });

  it('does not overflow the field’s maximum length', async () => {
    const { user } = await renderWithProviders(<Field language="de" initial="abcdefghijkl" />);
    const input = screen.getByLabelText<HTMLInputElement>('Answer');
    await user.click(input);
    await user.click(screen.getByRole('button', { name: 'Insert ß' }));
    expect(input).toHaveValue('abcdefghijkl');
  });

  it('offers the whole Ukrainian alphabet on request and nothing for English', async () => {
    const { user } = await renderWithProviders(<Field language="uk" />);
    expect(screen.getAllByRole('button', { name: /^Insert / })).toHaveLength(4);
    const toggle = screen.getByRole('button', { name: 'Whole alphabet' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('button', { name: /^Insert / })).toHaveLength(4 + 33);
  });

  it('is one Tab stop; the arrow keys move between its buttons', async () => {
    const { user } = await renderWithProviders(<Field language="de" initial="Fu" />);
    const input = screen.getByLabelText<HTMLInputElement>('Answer');
    await user.click(input);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Capital letter' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Insert ü' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Insert ß' })).toHaveFocus();
    // Pressing a letter by keyboard types it into the field and returns there.
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('Fuß');
    expect(input).toHaveFocus();
    await user.tab();
    // Back into the bar at the letter last used.
    expect(screen.getByRole('button', { name: 'Insert ß' })).toHaveFocus();
    await user.tab();
    expect(screen.queryByRole('toolbar')?.contains(document.activeElement)).toBe(false);
  });

  it('shows no bar for English', async () => {
    await renderWithProviders(<Field language="en" />);
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
  });

  it('has the letters of other Latin-script languages (decision 0059)', async () => {
    const { user } = await renderWithProviders(<Field language="pt" initial="me" />);
    const input = screen.getByLabelText<HTMLInputElement>('Answer');
    await user.click(input);
    input.setSelectionRange(1, 1);
    await user.click(screen.getByRole('button', { name: 'Insert ã' }));
    expect(input).toHaveValue('mãe');
    expect(screen.getByRole('button', { name: 'Insert ç' })).toBeInTheDocument();
  });

  it('has the accented vowels and the final sigma for Greek', async () => {
    await renderWithProviders(<Field language="el" />);
    expect(screen.getByRole('button', { name: 'Insert ά' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Insert ς' })).toBeInTheDocument();
  });

  it('types a Turkish capital İ with ⇧, as the Turkish keyboard does', async () => {
    const { user } = await renderWithProviders(<Field language="tr" />);
    const input = screen.getByLabelText<HTMLInputElement>('Answer');
    await user.click(input);
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('button', { name: 'Insert İ' }));
    await user.keyboard('{/Shift}');
    expect(input).toHaveValue('İ');
  });

  it.each(['ja', 'zh', 'ko', 'ar', 'he'] as const)(
    'shows no bar for %s, typed through an input method or a keyboard of its own',
    async (language) => {
      await renderWithProviders(<Field language={language} />);
      expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    },
  );
});
