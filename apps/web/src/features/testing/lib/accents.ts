import type { Language } from '@wordhoard/shared';

/**
 * The letters of each language that a keyboard for another language usually lacks, for the
 * accent bar under the answer field. English needs none. Ukrainian lists the letters that
 * differ from Russian first; its whole alphabet is one tap further (`UKRAINIAN_ALPHABET`).
 */
export const ACCENTS: Readonly<Record<Language, readonly string[]>> = {
  en: [],
  de: ['ä', 'ö', 'ü', 'ß'],
  pl: ['ą', 'ć', 'ę', 'ł', 'ń', 'ó', 'ś', 'ź', 'ż'],
  fr: ['à', 'â', 'æ', 'ç', 'é', 'è', 'ê', 'ë', 'î', 'ï', 'ô', 'œ', 'ù', 'û', 'ü', 'ÿ'],
  es: ['á', 'é', 'í', 'ñ', 'ó', 'ú', 'ü', '¿', '¡'],
  it: ['à', 'è', 'é', 'ì', 'ò', 'ó', 'ù'],
  uk: ['ґ', 'є', 'і', 'ї'],
};

export const UKRAINIAN_ALPHABET = 'а б в г ґ д е є ж з и і ї й к л м н о п р с т у ф х ц ч ш щ ь ю я'.split(
  ' ',
);

/** The capital of a letter; letters without a single-letter capital (ß, ¿) stay as they are. */
export function capital(letter: string, language: string): string {
  const upper = letter.toLocaleUpperCase(language);
  return upper.length === 1 ? upper : letter;
}

/**
 * Types `text` into `input` at its caret (replacing a selection) the way a keyboard would: the
 * input event reaches React's onChange, and the caret ends right after the inserted text.
 * Returns false when nothing could be inserted (read-only, or the field is full).
 */
export function insertAtCaret(input: HTMLInputElement, text: string): boolean {
  if (input.readOnly || input.disabled) return false;
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? start;
  const max = input.maxLength;
  if (max >= 0 && input.value.length - (end - start) + text.length > max) return false;
  input.setRangeText(text, start, end, 'end');
  input.dispatchEvent(new Event('input', { bubbles: true }));
  return true;
}
