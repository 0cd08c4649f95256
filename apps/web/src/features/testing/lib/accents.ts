import type { ContentLanguage } from '@wordhoard/shared';

/**
 * The letters of each language that a keyboard for another language usually lacks, for the
 * accent bar under the answer field. English needs none. Ukrainian lists the letters that
 * differ from Russian first; its whole alphabet is one tap further (`UKRAINIAN_ALPHABET`).
 *
 * Latin-script languages (and Greek, whose accented vowels are hard to reach) have a bar;
 * languages without one here get none: English, and the scripts typed through an input method
 * or a keyboard of their own (Chinese, Japanese, Korean, Arabic, Hebrew, Cyrillic but Ukrainian,
 * Indic scripts…), for which a few buttons would not help (decision 0059).
 */
export const ACCENTS: Readonly<Partial<Record<ContentLanguage, readonly string[]>>> = {
  en: [],
  de: ['ä', 'ö', 'ü', 'ß'],
  pl: ['ą', 'ć', 'ę', 'ł', 'ń', 'ó', 'ś', 'ź', 'ż'],
  fr: ['à', 'â', 'æ', 'ç', 'é', 'è', 'ê', 'ë', 'î', 'ï', 'ô', 'œ', 'ù', 'û', 'ü', 'ÿ'],
  es: ['á', 'é', 'í', 'ñ', 'ó', 'ú', 'ü', '¿', '¡'],
  it: ['à', 'è', 'é', 'ì', 'ò', 'ó', 'ù'],
  uk: ['ґ', 'є', 'і', 'ї'],
  af: ['é', 'è', 'ê', 'ë', 'î', 'ï', 'ô', 'û'],
  az: ['ç', 'ə', 'ğ', 'ı', 'ö', 'ş', 'ü'],
  bs: ['č', 'ć', 'đ', 'š', 'ž'],
  ca: ['à', 'ç', 'é', 'è', 'í', 'ï', 'ó', 'ò', 'ú', 'ü', '·'],
  cs: ['á', 'č', 'ď', 'é', 'ě', 'í', 'ň', 'ó', 'ř', 'š', 'ť', 'ú', 'ů', 'ý', 'ž'],
  cy: ['â', 'ê', 'î', 'ô', 'û', 'ŵ', 'ŷ'],
  da: ['æ', 'ø', 'å'],
  el: ['ά', 'έ', 'ή', 'ί', 'ό', 'ύ', 'ώ', 'ϊ', 'ϋ', 'ΐ', 'ΰ', 'ς'],
  eo: ['ĉ', 'ĝ', 'ĥ', 'ĵ', 'ŝ', 'ŭ'],
  et: ['ä', 'õ', 'ö', 'ü', 'š', 'ž'],
  eu: ['ñ'],
  fi: ['ä', 'ö', 'å'],
  fo: ['á', 'ð', 'í', 'ó', 'ú', 'ý', 'æ', 'ø'],
  ga: ['á', 'é', 'í', 'ó', 'ú'],
  gd: ['à', 'è', 'ì', 'ò', 'ù'],
  gl: ['á', 'é', 'í', 'ñ', 'ó', 'ú', 'ü'],
  hr: ['č', 'ć', 'đ', 'š', 'ž'],
  hu: ['á', 'é', 'í', 'ó', 'ö', 'ő', 'ú', 'ü', 'ű'],
  is: ['á', 'ð', 'é', 'í', 'ó', 'ú', 'ý', 'þ', 'æ', 'ö'],
  lb: ['ä', 'é', 'ë'],
  lt: ['ą', 'č', 'ę', 'ė', 'į', 'š', 'ų', 'ū', 'ž'],
  lv: ['ā', 'č', 'ē', 'ģ', 'ī', 'ķ', 'ļ', 'ņ', 'š', 'ū', 'ž'],
  mt: ['ċ', 'ġ', 'ħ', 'ż', 'à', 'è', 'ì', 'ò', 'ù'],
  nb: ['æ', 'ø', 'å'],
  nl: ['é', 'ë', 'ï', 'ó', 'ö', 'ü'],
  nn: ['æ', 'ø', 'å'],
  no: ['æ', 'ø', 'å'],
  pt: ['á', 'â', 'ã', 'à', 'ç', 'é', 'ê', 'í', 'ó', 'ô', 'õ', 'ú'],
  ro: ['ă', 'â', 'î', 'ș', 'ț'],
  sk: ['á', 'ä', 'č', 'ď', 'é', 'í', 'ĺ', 'ľ', 'ň', 'ó', 'ô', 'ŕ', 'š', 'ť', 'ú', 'ý', 'ž'],
  sl: ['č', 'š', 'ž'],
  sq: ['ç', 'ë'],
  sv: ['å', 'ä', 'ö'],
  tr: ['ç', 'ğ', 'ı', 'i', 'ö', 'ş', 'ü'],
  vi: ['ă', 'â', 'đ', 'ê', 'ô', 'ơ', 'ư'],
};

/** The special letters of `language`; none when it has no bar. */
export function accentsOf(language: string): readonly string[] {
  return ACCENTS[language as ContentLanguage] ?? [];
}

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
