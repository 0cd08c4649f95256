import { z } from 'zod';
import { PASSWORD_LENGTH, TEXT_LENGTH, VERIFICATION_CODE_LENGTH } from './constants';
import { VALIDATION_KEYS, encodeMessage } from './messageCodec';

// The codec lives apart from zod (see ./messageCodec); existing imports from here keep working.
export { VALIDATION_KEYS, decodeMessage, encodeMessage } from './messageCodec';
export type { MessageValues, ValidationKey } from './messageCodec';

const maxLength = (length: number) => encodeMessage(VALIDATION_KEYS.maxLength, { length });
const minLength = (length: number) => encodeMessage(VALIDATION_KEYS.minLength, { length });

// --- Character classes (SPEC §5) ---------------------------------------------------------

const LATIN = 'A-Za-z';
const GERMAN = 'ÄÖÜäöüßẞ';
const POLISH = 'ĄĆĘŁŃÓŚŹŻąćęłńóśźż';
const UKRAINIAN = 'АБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЬЮЯабвгґдеєжзиіїйклмнопрстуфхцчшщьюя';
/** Ukrainian spells some words with an apostrophe (м'ята), so it belongs to its letters. */
const UKRAINIAN_APOSTROPHES = "'’ʼ";
const FRENCH = 'ÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸàâæçéèêëîïôœùûüÿ';
const SPANISH = 'ÁÉÍÑÓÚÜáéíñóúü';
const ITALIAN = 'ÀÈÉÌÍÎÒÓÙÚàèéìíîòóùú';
const NAME_SYMBOLS = '.@#$_\\- ';

/** Dictionary names: the letters of the seven languages, digits, . @ # $ _ - and spaces. */
export const NAME_PATTERN = new RegExp(
  `^[${LATIN}${GERMAN}${POLISH}${UKRAINIAN}${UKRAINIAN_APOSTROPHES}${FRENCH}${SPANISH}${ITALIAN}0-9${NAME_SYMBOLS}]+$`,
  'u',
);

/**
 * What a term, a definition or an example may hold (docs/decisions/0084-punctuation-of-every-script.md):
 * letters, marks and digits of any script, spaces, the punctuation of every script (Unicode's P
 * categories: 。「」、・ ، ؟ ؛ । « » ¿ … { } [ ]), every currency sign (€ ₴ ₹ ¥) and the few other
 * symbols words are written with (+ = ± × ÷ ° № ~). Refused: < and > (markup), other symbols
 * (emoji, ^ ` |), and anything invisible but a zero-width joiner after a letter or mark (Persian's
 * ZWNJ in می‌خواهم, Malayalam's chillu ന്‍): controls, bidirectional overrides, zero-width spaces,
 * private-use and unassigned code points.
 */
const VISIBLE = String.raw`[\p{L}\p{M}\p{N}\p{P}\p{Sc} +=±×÷°№~]`;
const JOINER = String.raw`(?<=[\p{L}\p{M}])[\u200C\u200D]`;
export const TERM_PATTERN = new RegExp(`^(?:${VISIBLE}|${JOINER})+$`, 'u');
/** Definitions are typed as a comma-separated list, so one definition never holds a comma. */
export const DEFINITION_PATTERN = new RegExp(`^(?:(?!,)(?:${VISIBLE})|${JOINER})+$`, 'u');
/** Search accepts what a term may hold; anything else is a forbidden character. */
export const SEARCH_PATTERN = TERM_PATTERN;

const ALLOWED_AT = new RegExp(`(?:${VISIBLE}|${JOINER})`, 'uy');

/**
 * The first character of `text` that `pattern` (a term's or a definition's) refuses, as the
 * message shows it: the character itself, or its code point (U+202E) when it is invisible or
 * would not show on its own. Undefined when the text is allowed.
 */
export function firstForbiddenCharacter(text: string, pattern: RegExp = TERM_PATTERN): string | undefined {
  if (pattern.test(text)) return undefined;
  const refusesComma = pattern === DEFINITION_PATTERN;
  for (let index = 0; index < text.length;) {
    const character = String.fromCodePoint(text.codePointAt(index) ?? 0);
    ALLOWED_AT.lastIndex = index;
    const match = !(refusesComma && character === ',') && ALLOWED_AT.exec(text);
    if (!match) return /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(character) ? character : codePointName(character);
    index += match[0].length;
  }
  return undefined;
}

const codePointName = (character: string) =>
  `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

export const EMAIL_CHARACTERS_PATTERN = /^[A-Za-z0-9.@#$_-]+$/;
/**
 * The address shape: dot-separated local part of the allowed characters (# and $ are valid
 * there, RFC 5322), then a domain with a top-level part. Zod's default rejects # and $.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9#$_-]+(?:\.[A-Za-z0-9#$_-]+)*@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const DIGITS_PATTERN = /^[0-9]+$/;

/** Collapses inner whitespace and trims, so "  big   cat " and "big cat" are one term. */
export function normalizeSpaces(value: string): string {
  return value.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/**
 * The identity of a term within one dictionary: two terms with the same key are the same word
 * (SPEC §4: a term appears once per dictionary, whatever its case). The server stores it in
 * `words.term_key` under a unique index; the editor and the import preview use it to flag a
 * duplicate before anything is sent.
 */
export function termKey(term: string): string {
  return normalizeSpaces(term).toLocaleLowerCase();
}

// --- Field schemas -------------------------------------------------------------------------

const required = encodeMessage(VALIDATION_KEYS.required);
const forbidden = encodeMessage(VALIDATION_KEYS.forbiddenCharacters);
const forbiddenCharacter = (character: string) =>
  encodeMessage(VALIDATION_KEYS.forbiddenCharacter, { character });

/** A trimmed text field: required, bounded, restricted to `pattern`. */
function textField(pattern: RegExp, max: number) {
  return z
    .string({ error: required })
    .transform(normalizeSpaces)
    .pipe(
      z
        .string()
        .min(1, { error: required, abort: true })
        .max(max, { error: maxLength(max) })
        .regex(pattern, { error: forbidden }),
    );
}

/** A content field (term, definition, example): its message names the character it refuses. */
function contentField(pattern: RegExp, max: number) {
  return z
    .string({ error: required })
    .transform(normalizeSpaces)
    .pipe(
      z
        .string()
        .min(1, { error: required, abort: true })
        .max(max, { error: maxLength(max) })
        .check((ctx) => {
          const character = firstForbiddenCharacter(ctx.value, pattern);
          if (character !== undefined)
            ctx.issues.push({ code: 'custom', input: ctx.value, message: forbiddenCharacter(character) });
        }),
    );
}

export const emailSchema = z
  .string({ error: required })
  .trim()
  .min(1, { error: required, abort: true })
  .max(TEXT_LENGTH.long, { error: maxLength(TEXT_LENGTH.long) })
  .regex(EMAIL_CHARACTERS_PATTERN, { error: forbidden })
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: encodeMessage(VALIDATION_KEYS.email) }))
  .transform((email) => email.toLowerCase());

export const PASSWORD_REQUIREMENTS = ['length', 'uppercase', 'lowercase', 'digit'] as const;
export type PasswordRequirement = (typeof PASSWORD_REQUIREMENTS)[number];

/** Each requirement of SPEC §5 with whether `password` meets it, for the form's checklist. */
export function passwordRequirementStatus(password: string): Record<PasswordRequirement, boolean> {
  return {
    length: password.length >= PASSWORD_LENGTH.min && password.length <= PASSWORD_LENGTH.max,
    uppercase: /\p{Lu}/u.test(password),
    lowercase: /\p{Ll}/u.test(password),
    digit: /[0-9]/.test(password),
  };
}

export const passwordSchema = z
  .string({ error: required })
  .min(1, { error: required, abort: true })
  .min(PASSWORD_LENGTH.min, { error: minLength(PASSWORD_LENGTH.min) })
  .max(PASSWORD_LENGTH.max, { error: maxLength(PASSWORD_LENGTH.max) })
  .refine((password) => Object.values(passwordRequirementStatus(password)).every(Boolean), {
    error: encodeMessage(VALIDATION_KEYS.password),
  });

/** Login checks only presence: the rules may have changed since the password was set. */
export const loginPasswordSchema = z
  .string({ error: required })
  .min(1, { error: required })
  .max(TEXT_LENGTH.long, { error: maxLength(TEXT_LENGTH.long) });

export const dictionaryNameSchema = textField(NAME_PATTERN, TEXT_LENGTH.short);
export const termSchema = contentField(TERM_PATTERN, TEXT_LENGTH.middle);
export const definitionSchema = contentField(DEFINITION_PATTERN, TEXT_LENGTH.middle);

/** Enough for any real word; keeps a test answerable. */
export const MAX_DEFINITIONS = 10;

/** A word's definitions: at least one, each valid, no two equal (ignoring case). */
export const definitionsSchema = z
  .array(definitionSchema, { error: encodeMessage(VALIDATION_KEYS.definitionsRequired) })
  .min(1, { error: encodeMessage(VALIDATION_KEYS.definitionsRequired) })
  .max(MAX_DEFINITIONS, {
    error: encodeMessage(VALIDATION_KEYS.tooManyDefinitions, { count: MAX_DEFINITIONS }),
  })
  .superRefine((definitions, ctx) => {
    const seen = new Set<string>();
    definitions.forEach((definition, index) => {
      const key = definition.toLocaleLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: [index],
          message: encodeMessage(VALIDATION_KEYS.duplicateDefinition),
        });
      }
      seen.add(key);
    });
  });

/** A word's example sentences: up to five (docs/decisions/0060-example-sentences-and-cloze.md). */
export const MAX_EXAMPLES = 5;

/** One example sentence: SPEC's long text, with what a term may hold (commas too). */
export const exampleSchema = contentField(TERM_PATTERN, TEXT_LENGTH.long);

/** A word's example sentences: none to five, each valid, no two equal (ignoring case). */
export const examplesSchema = z
  .array(exampleSchema)
  .max(MAX_EXAMPLES, { error: encodeMessage(VALIDATION_KEYS.tooManyExamples, { count: MAX_EXAMPLES }) })
  .superRefine((examples, ctx) => {
    const seen = new Set<string>();
    examples.forEach((example, index) => {
      const key = example.toLocaleLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: [index],
          message: encodeMessage(VALIDATION_KEYS.duplicateExample),
        });
      }
      seen.add(key);
    });
  });

/** Splits the comma-separated definitions field of the word editor. */
export function splitDefinitions(list: string): string[] {
  return list
    .split(',')
    .map(normalizeSpaces)
    .filter((definition) => definition.length > 0);
}

export const verificationCodeSchema = z
  .string({ error: required })
  .trim()
  .min(1, { error: required, abort: true })
  .regex(DIGITS_PATTERN, { error: encodeMessage(VALIDATION_KEYS.digitsOnly) })
  .length(VERIFICATION_CODE_LENGTH, {
    error: encodeMessage(VALIDATION_KEYS.codeLength, { length: VERIFICATION_CODE_LENGTH }),
  });

/** Search: empty means "no filter"; otherwise the term characters only. */
export const searchSchema = z
  .string()
  .transform(normalizeSpaces)
  .pipe(
    z
      .string()
      .max(TEXT_LENGTH.middle, { error: maxLength(TEXT_LENGTH.middle) })
      .check((ctx) => {
        const character = firstForbiddenCharacter(ctx.value, SEARCH_PATTERN);
        if (character !== undefined)
          ctx.issues.push({ code: 'custom', input: ctx.value, message: forbiddenCharacter(character) });
      }),
  );
