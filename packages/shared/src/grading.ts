/**
 * Fair grading: how one typed answer is compared with a word's definitions. One implementation
 * for the server (which grades) and the web (instant or offline feedback).
 * docs/decisions/0043-fair-grading.md has every rule with examples; 0007 is the older record.
 *
 * Three levels, in this order:
 * 1. **exact**: equal after `normalizeAnswer` (case, spaces, Unicode NFC, apostrophes, final
 *    sigma, outer punctuation) to one of the definition's forms (`definitionForms`: the text as
 *    written, its alternatives, with or without its optional parts);
 * 2. **another word's**: equal in that way to a form of one of `otherDefinitions`: not accepted;
 * 3. **almost**: equal once accents are folded away (`foldAnswer`), or, when the form has at
 *    least `TYPO_MIN_LETTERS` letters (`TYPO_MIN_CJK_LETTERS` when it has Chinese characters,
 *    kana or Hangul), one edit away (`editDistance`: a letter wrong, missing, extra, or two
 *    neighbours swapped).
 *
 * The rules for other scripts (docs/decisions/0059-any-language.md), by script, not by the
 * dictionary's language, so that the server and an offline device grade alike:
 *
 * | script   | rule                                                              | level  |
 * | -------- | ----------------------------------------------------------------- | ------ |
 * | any      | full-width and half-width forms (ＡＢＣ, ｶﾀｶﾅ, the ideographic      | exact  |
 * |          | space) are their usual forms (NFKC of those blocks only)           |        |
 * | Japanese | hiragana and katakana are one another (ねこ ↔ ネコ)                 | almost |
 * | CJK      | one edit is a typo only from `TYPO_MIN_CJK_LETTERS` (6) characters | almost |
 * | Greek    | final sigma ς is σ                                                 | exact  |
 * | Greek    | tonos and dialytika fold away, as other accents (λογος ↔ λόγος)    | almost |
 * | Arabic   | harakat (fatha … sukun, superscript alef) and tatweel are optional | exact  |
 * | Arabic   | hamza on alef folds away (أ إ آ ↔ ا)                               | almost |
 * | CJK, Ar. | 。、 ؟ ، end a sentence like . ? ,                                   | exact  |
 */

/** Forms with this many letters forgive one edit; shorter ones must be spelled right. */
export const TYPO_MIN_LETTERS = 5;
/**
 * The same for forms with Chinese characters, kana or Hangul. One of those is a whole syllable
 * or morpheme, and most words have one to four of them, so one changed character is mostly
 * another word (会社 "company" and 社会 "society" are one swap apart; 日本 and 本日 too): short
 * forms must be typed right. From six characters (phrases, long loanwords such as コンピューター)
 * a slip of one character is a typo again.
 */
export const TYPO_MIN_CJK_LETTERS = 6;
/** Up to this many optional parts, every combination counts; beyond, all of them or none. */
export const MAX_OPTIONAL_PARTS = 5;

export type MatchKind = 'exact' | 'almost';

/** An accepted answer: the definition as written (what to show), and how closely it matched. */
export interface AnswerMatch {
  definition: string;
  kind: MatchKind;
}

/** Another word's definition the answer spelled: its index in `otherDefinitions`, and its text. */
export interface OtherDefinition {
  index: number;
  definition: string;
}

export type AnswerGrade =
  | AnswerMatch
  | {
      kind: 'wrong';
      /** Set when the answer is exactly another word's definition ("that is the meaning of X"). */
      otherDefinition: OtherDefinition | null;
    };

export interface GradeOptions {
  /** The definitions of the other words (of the test, or of the dictionary). */
  otherDefinitions?: readonly string[];
}

// --- The normal form -------------------------------------------------------------------

/** ’ ‘ ʼ ` are typed for the apostrophe ' depending on the keyboard. */
const APOSTROPHES = /[\u2019\u2018\u02BC`]/gu;
/** Spanish opening marks, and the spaces before the text. */
const LEADING_PUNCTUATION = /^[\s¡¿]+/u;
/**
 * What ends a sentence or a list, and the spaces around it: also the CJK, Arabic, Urdu,
 * Devanagari (danda), Myanmar, Ethiopic and Armenian marks (full-width ！？ are ! ? by then).
 */
const TRAILING_PUNCTUATION = /[\s.!?…,;。、؟،؛۔।॥။።։]+$/u;
/**
 * Full-width and half-width forms (ＡＢＣ, ｶﾀｶﾅ) and the ideographic space, with the letter
 * before them (a half-width voicing mark belongs to it): NFKC gives their usual forms. Only
 * these blocks: NFKC of everything would also turn ﬁ into fi and ² into 2.
 */
const WIDTH_FORMS = /[^\u3000\uff00-\uffef]?[\u3000\uff00-\uffef]+/gu;
/** Arabic harakat (fathatan … sukun), the superscript alef and the tatweel: optional. */
const ARABIC_OPTIONAL = /[\u064b-\u0652\u0670\u0640]/gu;

/**
 * The text as grading compares it: usual widths, no Arabic harakat or tatweel, NFC, lower case,
 * one space between words, one apostrophe, σ for the final ς, no spaces around "/" and one after
 * ";", and without leading ¡ ¿ and trailing . ! ? … , ; 。 、 ؟ ، ؛ ۔ । ॥ ။ ። ։ (unless the text is nothing else:
 * "?" stays "?"). "" for a blank answer.
 */
export function normalizeAnswer(value: string): string {
  const spaced = value
    .replace(WIDTH_FORMS, (forms) => forms.normalize('NFKC'))
    .normalize('NFC')
    .replace(ARABIC_OPTIONAL, '')
    // Not toLocaleLowerCase: the browser's locale must not grade differently from the server's.
    .toLowerCase()
    .normalize('NFC')
    .replace(/ς/gu, 'σ')
    .replace(APOSTROPHES, "'")
    .replace(/\s+/gu, ' ')
    .replace(/ ?\/ ?/gu, '/')
    .replace(/ ?; ?/gu, '; ')
    .trim();
  const bare = spaced.replace(LEADING_PUNCTUATION, '').replace(TRAILING_PUNCTUATION, '');
  return bare === '' ? spaced : bare;
}

// --- The forms of a definition ---------------------------------------------------------

/** "and/or", "und/oder", "et/ou", "y/o": a slash next to "or" joins, it does not offer a choice. */
const OR_WORDS = new Set(['or', 'oder', 'ou', 'o', 'lub', 'albo', 'або', 'чи', 'или']);
/** One word: letters (and their marks), with apostrophes or hyphens inside. */
const ONE_WORD = /^[\p{L}\p{M}]+(?:['-][\p{L}\p{M}]+)*$/u;
const letterCount = (value: string) => (value.match(/\p{L}/gu) ?? []).length;
/** Chinese characters, kana and Hangul. */
const CJK_LETTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** How many letters a form needs before one edit counts as a typo. */
const typoMinLetters = (form: string) => (CJK_LETTER.test(form) ? TYPO_MIN_CJK_LETTERS : TYPO_MIN_LETTERS);

/** "colour/color" → colour, color; "and/or", "24/7", "km/h", "to go/to walk" stay whole. */
function slashAlternatives(text: string): string[] {
  const parts = text.split('/');
  if (parts.length < 2) return [];
  const choice = parts.every((part) => ONE_WORD.test(part) && letterCount(part) >= 2 && !OR_WORDS.has(part));
  return choice ? parts : [];
}

/** "(to) go" → to go, go; "colo(u)r" → colour, color. Nested parentheses: the inner ones. */
function optionalForms(text: string): string[] {
  // Odd indices hold the optional parts' texts.
  const pieces = text.split(/\(([^()]*)\)/u);
  const parts = (pieces.length - 1) / 2;
  if (parts === 0) return [];
  const build = (keep: (part: number) => boolean) =>
    pieces.map((piece, i) => (i % 2 === 0 || keep((i - 1) / 2) ? piece : '')).join('');
  if (parts > MAX_OPTIONAL_PARTS) return [build(() => true), build(() => false)];
  return Array.from({ length: 2 ** parts }, (_, mask) => build((part) => (mask & (1 << part)) !== 0));
}

/**
 * Every text that counts as exactly this definition, normalised: the definition itself, each
 * alternative (split on ";" always, on "/" between single words), each with and without each
 * optional part in parentheses. Never "".
 */
export function definitionForms(definition: string): string[] {
  const forms = new Set<string>();
  const add = (text: string) => {
    const form = normalizeAnswer(text);
    if (form !== '') forms.add(form);
  };
  const whole = normalizeAnswer(definition);
  add(whole);
  const alternatives = whole.includes(';') ? whole.split(';').map(normalizeAnswer) : [whole];
  for (const alternative of alternatives) {
    for (const choice of [alternative, ...slashAlternatives(alternative)]) {
      add(choice);
      for (const form of optionalForms(choice)) add(form);
    }
  }
  return [...forms];
}

// --- Folding and distance (almost) -----------------------------------------------------

/**
 * Combining marks that are accents: the combining diacritical blocks (Latin, Greek, Cyrillic:
 * é, ź, ά, й, ї), Hebrew points and Arabic short vowels. Other marks are vowels or voicing
 * (Devanagari, Thai, kana) and stay.
 */
const ACCENT_RANGES: readonly (readonly [number, number])[] = [
  [0x0300, 0x036f], // combining diacritical marks
  [0x1ab0, 0x1aff], // … extended
  [0x1dc0, 0x1dff], // … supplement
  [0x20d0, 0x20ff], // … for symbols
  [0xfe20, 0xfe2f], // combining half marks
  [0x0591, 0x05c7], // Hebrew accents and points (only its marks: \p{M} picks them)
  [0x064b, 0x065f], // Arabic short vowels, shadda, sukun
  [0x0670, 0x0670], // Arabic superscript alef
];
const isAccent = (mark: string) => {
  const code = mark.codePointAt(0) ?? 0;
  return ACCENT_RANGES.some(([from, to]) => code >= from && code <= to);
};
/** Letters without a decomposition, spelled as their base letters. */
const SPELLED: Readonly<Record<string, string>> = {
  œ: 'oe',
  æ: 'ae',
  ß: 'ss',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ħ: 'h',
  ı: 'i',
  ŧ: 't',
};
const SPELLED_LETTERS = new RegExp(`[${Object.keys(SPELLED).join('')}]`, 'gu');
/** The German and Scandinavian spellings without the special letter: für → fuer, øl → oel. */
const TRANSLITERATED: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', ø: 'oe', å: 'aa' };
const TRANSLITERATED_LETTERS = new RegExp(`[${Object.keys(TRANSLITERATED).join('')}]`, 'gu');
/** Katakana ァ … ヶ, which are the hiragana ぁ … ゖ 0x60 code points further. */
const KATAKANA = /[\u30a1-\u30f6]/gu;
const toHiragana = (value: string) =>
  value.replace(KATAKANA, (letter) => String.fromCodePoint((letter.codePointAt(0) ?? 0) - 0x60));

function strip(value: string): string {
  return (
    value
      .normalize('NFKD') // ĳ → ij, ﬁ → fi, and every accent apart from its letter
      .replace(/\p{M}/gu, (mark) => (isAccent(mark) ? '' : mark))
      .replace(SPELLED_LETTERS, (letter) => SPELLED[letter] ?? letter)
      .replace(/'/gu, '')
      // ガ is カ and a voicing mark here: the mark stays, and NFC joins it to が again.
      .replace(KATAKANA, (letter) => toHiragana(letter))
      .normalize('NFC')
  );
}

/**
 * A normalised text's spellings without accents, apostrophes or special letters, and with
 * katakana as hiragana: "źródło" → zrodlo; "cœur" → coeur; "für" → fur and fuer; "øl" → ol
 * and oel; "ネコ" → ねこ. One or two strings.
 */
export function foldAnswer(normalized: string): string[] {
  const plain = strip(normalized);
  const transliterated = strip(
    normalized.replace(TRANSLITERATED_LETTERS, (letter) => TRANSLITERATED[letter] ?? letter),
  );
  return plain === transliterated ? [plain] : [plain, transliterated];
}

/**
 * Marks and signs word search ignores: the accents of `ACCENT_RANGES` (only the marks of its
 * Hebrew block), the tatweel and every apostrophe.
 */
const SEARCH_IGNORED =
  // eslint-disable-next-line no-misleading-character-class -- combining marks, matched one by one on purpose
  /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\u064b-\u065f\u0670\u0640'\u2019\u2018\u02bc`]/gu;
const SEARCH_SPELLED: Readonly<Record<string, string>> = { ...SPELLED, ς: 'σ' };
const SEARCH_SPELLED_LETTERS = new RegExp(`[${Object.keys(SEARCH_SPELLED).join('')}]`, 'gu');

/**
 * Text as word search compares it, folded as the grader folds answers: lower case, any width,
 * no accents or apostrophes, special letters spelled out, katakana as hiragana ("Straße" →
 * strasse, "CAFÉ" → cafe, "ｶﾀｶﾅ" → かたかな). The database keeps words.search_text folded by
 * its twin, the SQL function wordhoard_fold (migration 0014): change both together.
 */
export function searchFold(value: string): string {
  return toHiragana(
    value
      // NFKD first: it makes 𝓐 an A, which then becomes a.
      .normalize('NFKD')
      .toLowerCase()
      .replace(SEARCH_IGNORED, '')
      .replace(SEARCH_SPELLED_LETTERS, (letter) => SEARCH_SPELLED[letter] ?? letter),
  ).normalize('NFC');
}

/**
 * Optimal string alignment distance over code points: letters wrong, missing or extra, and two
 * neighbours swapped, one edit each ("recieve" → "receive" is 1). Stops early with `max + 1`
 * once the distance is sure to exceed `max`.
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  const left = Array.from(a);
  const right = Array.from(b);
  if (Math.abs(left.length - right.length) > max) return max + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: right.length + 1 }, (_, j) => j);
  for (let i = 1; i <= left.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= right.length; j += 1) {
      const cost = left[i - 1] === right[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && left[i - 1] === right[j - 2] && left[i - 2] === right[j - 1]) {
        value = Math.min(value, (beforePrevious[j - 2] ?? 0) + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    // No later row goes below this one's minimum: a swap from two rows up costs as much as
    // reaching this row by a substitution.
    if (rowMin > max) return max + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[right.length] ?? 0;
}

// --- Grading ---------------------------------------------------------------------------

function isAlmost(answerFolds: readonly string[], form: string): boolean {
  const formFolds = foldAnswer(form);
  if (answerFolds.some((answer) => formFolds.includes(answer))) return true;
  if (letterCount(form) < typoMinLetters(form)) return false;
  return answerFolds.some((answer) => formFolds.some((folded) => editDistance(answer, folded, 1) <= 1));
}

const WRONG: AnswerGrade = { kind: 'wrong', otherDefinition: null };

/**
 * How many definitions' forms are kept: a wrong answer is compared with every other word of its
 * dictionary (two definitions each in a typical 5,000-word one), and working out 10,000 forms
 * anew took ~140 ms of the server's CPU per wrong answer. Forms depend on the text alone, so a
 * memo needs no invalidation; the oldest entries go first, which bounds the memory (a few MB)
 * on the server and in the browser alike.
 */
const FORMS_MEMO_LIMIT = 20_000;
const formsMemo = new Map<string, readonly string[]>();

/** `definitionForms`, memoized by the definition's text. */
function formsOf(definition: string): readonly string[] {
  let forms = formsMemo.get(definition);
  if (forms === undefined) {
    forms = definitionForms(definition);
    if (formsMemo.size >= FORMS_MEMO_LIMIT) {
      const oldest = formsMemo.keys().next();
      if (!oldest.done) formsMemo.delete(oldest.value);
    }
    formsMemo.set(definition, forms);
  }
  return forms;
}

/**
 * Grades `answer` against a word's `definitions` (those still to type): an exact match to any
 * of them wins; then an answer that is exactly one of `otherDefinitions` is wrong, and says
 * which; then the first almost match; else wrong. A blank answer is always wrong.
 */
export function gradeAnswer(
  answer: string,
  definitions: readonly string[],
  options: GradeOptions = {},
): AnswerGrade {
  const given = normalizeAnswer(answer);
  if (given === '') return WRONG;
  const forms = definitions.map(formsOf);
  const exact = forms.findIndex((own) => own.includes(given));
  const exactDefinition = definitions[exact];
  if (exactDefinition !== undefined) return { kind: 'exact', definition: exactDefinition };
  const others = options.otherDefinitions ?? [];
  const other = others.findIndex((definition) => formsOf(definition).includes(given));
  const otherText = others[other];
  if (otherText !== undefined)
    return { kind: 'wrong', otherDefinition: { index: other, definition: otherText } };
  const folds = foldAnswer(given);
  const almost = forms.findIndex((own) => own.some((form) => isAlmost(folds, form)));
  const almostDefinition = definitions[almost];
  if (almostDefinition !== undefined) return { kind: 'almost', definition: almostDefinition };
  return WRONG;
}

/**
 * The best match of `answer` among the definitions still to type (an exact one wins over an
 * almost one, so "tee" is not taken as a typo of "tea" when "tee" itself is expected), or null.
 */
export function findMatch(
  answer: string,
  definitions: readonly string[],
  options: GradeOptions = {},
): AnswerMatch | null {
  const grade = gradeAnswer(answer, definitions, options);
  return grade.kind === 'wrong' ? null : grade;
}

/** How `answer` matches one `expected` definition: 'exact', 'almost', or null. */
export function matchAnswer(answer: string, expected: string): MatchKind | null {
  return findMatch(answer, [expected])?.kind ?? null;
}
