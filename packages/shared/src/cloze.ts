import { searchFold } from './grading';

/**
 * Cloze questions (docs/decisions/0060-example-sentences-and-cloze.md): an example sentence with
 * its word's term blanked out. One implementation for the server (which builds the tests) and
 * the web (the editor's hint for sentences that cannot be a cloze).
 *
 * Inflection is handled simply: the blank is the first place where the term itself occurs,
 * ignoring case and accents as word search does (`searchFold`: "STRASSE" is "Straße"), starting
 * a word (so "cat" is not found in "concatenate", but "run" is in "runs", whose "s" stays
 * visible as a hint). Scripts written without spaces (Chinese,
 * Japanese, Thai) have no word starts to look for: any place counts there. A sentence without
 * the term is no cloze.
 */

/** A sentence split around its blank: what comes before the term, and what comes after it. */
export interface Cloze {
  before: string;
  after: string;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** One character as word search compares it: no accents, lower case, ß as ss, kana as hiragana. */
const fold = (char: string): string => searchFold(char);

/** The folded text, with for each folded code unit the index in `text` of the character it came from. */
function folded(text: string): { value: string; origin: number[] } {
  let value = '';
  const origin: number[] = [];
  let index = 0;
  for (const char of text.normalize('NFC')) {
    const piece = fold(char);
    value += piece;
    for (let unit = 0; unit < piece.length; unit += 1) origin.push(index);
    index += char.length;
  }
  origin.push(index);
  return { value, origin };
}

/** `sentence` with `term` blanked, or null when the term is not in it (see the module comment). */
export function clozeOf(sentence: string, term: string): Cloze | null {
  const text = sentence.normalize('NFC');
  const needle = folded(term.trim().replace(/\s+/gu, ' ')).value;
  if (needle === '') return null;
  const haystack = folded(text);
  const unspaced = UNSPACED_SCRIPT.test(term);
  let from = 0;
  for (;;) {
    const at = haystack.value.indexOf(needle, from);
    if (at < 0) return null;
    const start = haystack.origin[at] ?? 0;
    const end = haystack.origin[at + needle.length] ?? text.length;
    const previous = text.slice(0, start).at(-1);
    if (unspaced || previous === undefined || !LETTER_OR_DIGIT.test(previous)) {
      return { before: text.slice(0, start), after: text.slice(end) };
    }
    from = at + 1;
  }
}

/** The first of `examples` that makes a cloze of `term`, or null when none does. */
export function firstCloze(examples: readonly string[], term: string): Cloze | null {
  for (const example of examples) {
    const cloze = clozeOf(example, term);
    if (cloze) return cloze;
  }
  return null;
}
