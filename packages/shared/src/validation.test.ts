import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  VALIDATION_KEYS,
  decodeMessage,
  DEFINITION_PATTERN,
  definitionSchema,
  definitionsSchema,
  exampleSchema,
  firstForbiddenCharacter,
  dictionaryNameSchema,
  emailSchema,
  encodeMessage,
  loginPasswordSchema,
  normalizeSpaces,
  passwordRequirementStatus,
  passwordSchema,
  searchSchema,
  splitDefinitions,
  termSchema,
  verificationCodeSchema,
} from './validation';

type Decoded = { key: string; values: Record<string, string | number>; path: PropertyKey[] };

/** The issues of a failed parse, each message decoded into its i18n key and values. */
function issuesOf(schema: z.ZodType, input: unknown): Decoded[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ ...decodeMessage(issue.message), path: issue.path }));
}

/** The output of a parse that must succeed; fails the test with the messages otherwise. */
function parsed(schema: z.ZodType, input: unknown): unknown {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new Error(
      `expected ${JSON.stringify(input)} to be valid: ${result.error.issues.map((i) => i.message).join('; ')}`,
    );
  }
  return result.data;
}

/** The only issue of a parse that must fail with exactly one. */
function onlyIssue(schema: z.ZodType, input: unknown): Decoded {
  const issues = issuesOf(schema, input);
  expect(issues, `issues for ${JSON.stringify(input)}`).toHaveLength(1);
  return issues[0]!;
}

const maxLength = (length: number) => ({ key: VALIDATION_KEYS.maxLength, values: { length } });
const forbidden = { key: VALIDATION_KEYS.forbiddenCharacters, values: {} };
/** A content field's message, which names the character it refuses. */
const refused = (character: string) => ({ key: VALIDATION_KEYS.forbiddenCharacter, values: { character } });
const required = { key: VALIDATION_KEYS.required, values: {} };

describe('encodeMessage / decodeMessage', () => {
  it('leaves a message without values as the bare key', () => {
    expect(encodeMessage(VALIDATION_KEYS.required)).toBe('validation.required');
    expect(decodeMessage('validation.required')).toEqual({ key: 'validation.required', values: {} });
  });

  it('carries values after a bar as JSON', () => {
    expect(encodeMessage(VALIDATION_KEYS.maxLength, { length: 31 })).toBe(
      'validation.maxLength|{"length":31}',
    );
  });

  it.each([
    [VALIDATION_KEYS.maxLength, { length: 31 }],
    [VALIDATION_KEYS.codeLength, { length: 6 }],
    ['apiErrors.MAX_DICTIONARIES', { role: 'guest', limit: 1 }],
    ['apiErrors.DUPLICATE_TERM', { term: 'a|b "quoted"' }],
  ])('round-trips %s with %j', (key, values) => {
    expect(decodeMessage(encodeMessage(key, values))).toEqual({ key, values });
  });

  it.each([
    ['validation.maxLength|{not json', 'validation.maxLength'],
    ['validation.maxLength|', 'validation.maxLength'],
    ['validation.maxLength|42', 'validation.maxLength'],
    ['validation.maxLength|null', 'validation.maxLength'],
  ])('keeps the key and drops a malformed suffix: %s', (message, key) => {
    expect(decodeMessage(message)).toEqual({ key, values: {} });
  });
});

describe('normalizeSpaces', () => {
  it('trims, collapses any whitespace and composes accents (NFC)', () => {
    expect(normalizeSpaces('  big \t\n  cat  ')).toBe('big cat');
    expect(normalizeSpaces('cafe\u0301')).toBe('caf\u00e9');
  });
});

describe('emailSchema', () => {
  it.each([
    'a@b.co',
    'john.doe@example.com',
    'john_doe-99@mail.example.org',
    'first.last@sub-domain.example.io',
    'john#doe@example.com',
    'pay$me@example.com',
  ])('accepts %s', (email) => {
    expect(parsed(emailSchema, email)).toBe(email);
  });

  it('lowercases and trims', () => {
    expect(parsed(emailSchema, '  John.Doe@Example.COM ')).toBe('john.doe@example.com');
  });

  it.each([
    'john doe@example.com',
    'john@exa mple.com',
    'jöhn@example.com',
    'john@exämple.com',
    'пошта@example.com',
    'a,b@example.com',
    'a@b.com,c@d.com',
    'john+tag@example.com',
  ])('rejects forbidden characters in %s', (email) => {
    expect(onlyIssue(emailSchema, email)).toMatchObject(forbidden);
  });

  it.each([
    'john.example.com',
    'john@',
    '@example.com',
    'john@example',
    'john@@example.com',
    '.john@example.com',
    'john..doe@example.com',
    'john.@example.com',
    'john@-example.com',
    'john@example.c',
  ])('rejects the malformed address %s', (email) => {
    expect(onlyIssue(emailSchema, email)).toMatchObject({ key: VALIDATION_KEYS.email, values: {} });
  });

  it('accepts 255 characters and rejects 256 with the long limit', () => {
    const domain = '@example.com';
    const ok = 'a'.repeat(255 - domain.length) + domain;
    expect(ok).toHaveLength(255);
    expect(parsed(emailSchema, ok)).toBe(ok);
    expect(issuesOf(emailSchema, 'a' + ok)[0]).toMatchObject(maxLength(255));
  });

  it.each(['', '   '])('reports only "required" for %j', (email) => {
    expect(onlyIssue(emailSchema, email)).toMatchObject(required);
  });

  it('reports "required" for a missing value', () => {
    expect(onlyIssue(emailSchema, undefined)).toMatchObject(required);
  });
});

describe('passwordRequirementStatus', () => {
  const all = { length: true, uppercase: true, lowercase: true, digit: true };

  it.each([
    ['Abcdef1', { ...all, length: false }],
    ['Abcdefg1', all],
    ['A1' + 'b'.repeat(30), all],
    ['A1' + 'b'.repeat(31), { ...all, length: false }],
    ['abcdefg1', { ...all, uppercase: false }],
    ['ABCDEFG1', { ...all, lowercase: false }],
    ['Abcdefgh', { ...all, digit: false }],
    ['', { length: false, uppercase: false, lowercase: false, digit: false }],
  ])('%j → %j', (password, status) => {
    expect(passwordRequirementStatus(password)).toEqual(status);
  });

  it('checks the length boundaries 8 and 32 exactly', () => {
    expect('A1' + 'b'.repeat(6)).toHaveLength(8);
    expect(passwordRequirementStatus('A1' + 'b'.repeat(6)).length).toBe(true);
    expect(passwordRequirementStatus('A1' + 'b'.repeat(5)).length).toBe(false);
    expect(passwordRequirementStatus('A1' + 'b'.repeat(30)).length).toBe(true);
    expect(passwordRequirementStatus('A1' + 'b'.repeat(31)).length).toBe(false);
  });
});

describe('passwordSchema', () => {
  it.each(['Abcdefg1', 'A1' + 'b'.repeat(30), 'Pass word 1!'])('accepts %j unchanged', (password) => {
    expect(parsed(passwordSchema, password)).toBe(password);
  });

  it('rejects 7 characters with minLength 8', () => {
    const keys = issuesOf(passwordSchema, 'Abcdef1');
    expect(keys[0]).toMatchObject({ key: VALIDATION_KEYS.minLength, values: { length: 8 } });
  });

  it('rejects 33 characters with maxLength 32', () => {
    const keys = issuesOf(passwordSchema, 'A1' + 'b'.repeat(31));
    expect(keys[0]).toMatchObject(maxLength(32));
  });

  it.each([
    ['no uppercase', 'abcdefg1'],
    ['no lowercase', 'ABCDEFG1'],
    ['no digit', 'Abcdefgh'],
  ])('rejects a password with %s with the i18n key %s', (_, password) => {
    const issue = onlyIssue(passwordSchema, password);
    expect(issue.key).toBe(VALIDATION_KEYS.password);
    expect(issue.key).toBe('validation.password');
  });

  it('reports only "required" for an empty password', () => {
    expect(onlyIssue(passwordSchema, '')).toMatchObject(required);
  });

  it('login accepts any present password up to 255 characters', () => {
    expect(parsed(loginPasswordSchema, 'short')).toBe('short');
    expect(onlyIssue(loginPasswordSchema, '')).toMatchObject(required);
    expect(onlyIssue(loginPasswordSchema, 'x'.repeat(256))).toMatchObject(maxLength(255));
  });
});

describe('dictionaryNameSchema', () => {
  it.each([
    ['Latin', 'English Words'],
    ['German', 'Äpfel Öl Übung Straße äöüß'],
    ['Polish', 'Zażółć gęślą jaźń ĄĆĘŁŃÓŚŹŻ'],
    ['Ukrainian', 'Українська ґанок єнот їжак і'],
    ['Ukrainian apostrophe', "м'ята"],
    ['Ukrainian typographic apostrophe', 'м’ята пір’я'],
    ['French', 'àâæçéèêëîïôœùûüÿ'],
    ['French capitals', 'Œuvre Ça Éte'],
    ['Spanish', 'Español ñ á í ó ú'],
    ['Italian', 'Però così ò ì'],
    ['digits and symbols', 'Words 2.0 @home #1 $_-'],
  ])('accepts %s: %s', (_, name) => {
    expect(parsed(dictionaryNameSchema, name)).toBe(name);
  });

  it('trims and collapses spaces', () => {
    expect(parsed(dictionaryNameSchema, '  My    words  ')).toBe('My words');
  });

  it('accepts a decomposed accent by composing it', () => {
    expect(parsed(dictionaryNameSchema, 'Cafe\u0301')).toBe('Caf\u00e9');
  });

  it.each([
    ['emoji', 'Words 😀'],
    ['less than', 'a<b'],
    ['greater than', 'a>b'],
    ['braces', '{words}'],
    ['Chinese', '中文词典'],
    ['Greek', 'λέξεις'],
    ['Russian-only letter', 'Объём'],
    ['comma', 'cats, dogs'],
    ['question mark', 'what?'],
  ])('rejects %s: %s', (_, name) => {
    expect(onlyIssue(dictionaryNameSchema, name)).toMatchObject(forbidden);
  });

  it('accepts 31 characters and rejects 32 with maxLength 31', () => {
    expect(parsed(dictionaryNameSchema, 'a'.repeat(31))).toBe('a'.repeat(31));
    expect(onlyIssue(dictionaryNameSchema, 'a'.repeat(32))).toMatchObject(maxLength(31));
  });

  it('counts the length after trimming', () => {
    expect(parsed(dictionaryNameSchema, `  ${'a'.repeat(31)}  `)).toBe('a'.repeat(31));
  });

  it.each(['', '   ', '\t\n'])('reports only "required" for %j', (name) => {
    expect(onlyIssue(dictionaryNameSchema, name)).toMatchObject(required);
  });

  it('reports "required" for a missing value', () => {
    expect(onlyIssue(dictionaryNameSchema, undefined)).toMatchObject(required);
  });
});

describe('termSchema', () => {
  it.each([
    ['Latin', 'apple'],
    ['Chinese', '苹果'],
    ['Japanese', 'りんご'],
    ['Korean', '사과'],
    ['Greek', 'μήλο'],
    ['Ukrainian', "м'ята"],
    ['Arabic', 'تفاحة'],
    ['digits', '42'],
    ['question and exclamation', 'How are you?!'],
    ['parentheses and hyphen', '(to) look-up'],
    ['quotes', `"quoted" 'single' «guillemets» „low“`],
    ['ellipsis', 'wait…'],
    ['Spanish marks', '¿Qué? ¡Sí!'],
    ['comma', 'well, yes'],
    ['other punctuation', 'a.b: c; d/e & f + 5% @ # $ _ * ='],
  ])('accepts %s: %s', (_, term) => {
    expect(parsed(termSchema, term)).toBe(term);
  });

  it.each(['<', '>', '^', '|', '`'])('rejects %s and names it', (character) => {
    expect(onlyIssue(termSchema, `a${character}b`)).toMatchObject(refused(character));
  });

  it('rejects emoji and names it', () => {
    expect(onlyIssue(termSchema, 'cat 🐱')).toMatchObject(refused('🐱'));
  });

  it('names the first refused character only', () => {
    expect(onlyIssue(termSchema, 'a<b>c')).toMatchObject(refused('<'));
  });

  it('trims and collapses spaces', () => {
    expect(parsed(termSchema, '  big    cat\t ')).toBe('big cat');
  });

  it('accepts 63 characters and rejects 64 with maxLength 63', () => {
    expect(parsed(termSchema, 'x'.repeat(63))).toBe('x'.repeat(63));
    expect(onlyIssue(termSchema, 'x'.repeat(64))).toMatchObject(maxLength(63));
  });

  it.each(['', '    '])('reports only "required" for %j', (term) => {
    expect(onlyIssue(termSchema, term)).toMatchObject(required);
  });
});

describe('the punctuation of every script (decision 0084)', () => {
  it.each([
    ['ja', '犬が好きです。「はい」、そうです！？・〜'],
    ['zh', '我喜欢狗，你呢？《红楼梦》：好！'],
    ['ar', 'هل تحب الكلاب؟ نعم، كثيرًا؛ شكرًا.'],
    ['he', 'כלב — ״חבר״ של האדם׃ נכון?'],
    ['hi', 'मुझे कुत्ते पसंद हैं। सच॥'],
    ['th', 'ฉันชอบสุนัข ๆ ฯ'],
    ['ko', '개를 좋아해요! 「네」… 정말?'],
    ['ru', '«Собака» — друг человека; №5, 30 °C, 5 ₽.'],
    ['el', 'Σκύλος; «Ναι»· φίλος.'],
    ['fa (ZWNJ)', 'می\u200cخواهم'],
    ['ml (ZWJ)', 'ന്\u200d'],
    ['brackets and currency', '[sth] {a} \\ 5 € ± 2 × 3 ÷ 4 = ~6'],
  ])('saves %s: %s', (_, sentence) => {
    expect(parsed(termSchema, sentence)).toBe(sentence.normalize('NFC'));
    expect(parsed(exampleSchema, sentence)).toBe(sentence.normalize('NFC'));
  });

  it.each([
    ['a right-to-left override', 'abc\u202Edef', 'U+202E'],
    ['a zero-width space', 'ab\u200Bc', 'U+200B'],
    ['a joiner after no letter', 'ab \u200Cc', 'U+200C'],
    ['a control character', 'a\u0007b', 'U+0007'],
    ['a private-use character', 'a\uE000b', 'U+E000'],
    ['a word joiner', 'a\u2060b', 'U+2060'],
    ['a soft hyphen', 'ab\u00ADc', 'U+00AD'],
    ['markup', '<b>x</b>', '<'],
  ])('refuses %s and names it', (_, text, character) => {
    expect(onlyIssue(termSchema, text)).toMatchObject(refused(character));
    expect(firstForbiddenCharacter(text)).toBe(character);
  });

  it('says nothing for an allowed text', () => {
    expect(firstForbiddenCharacter('犬が好きです。')).toBeUndefined();
    expect(firstForbiddenCharacter('a, b', DEFINITION_PATTERN)).toBe(',');
  });
});

describe('definitionSchema', () => {
  it.each(['яблуко', '苹果', 'μήλο', 'an apple (fruit)', '¿Qué?', "it's…"])('accepts %s', (definition) => {
    expect(parsed(definitionSchema, definition)).toBe(definition);
  });

  it('rejects a comma, which the term allows', () => {
    expect(parsed(termSchema, 'one, two')).toBe('one, two');
    expect(onlyIssue(definitionSchema, 'one, two')).toMatchObject(refused(','));
  });

  it('keeps the commas of other scripts, which do not separate definitions', () => {
    for (const definition of ['一、二', '犬，猫', 'كلب، قط'])
      expect(parsed(definitionSchema, definition)).toBe(definition);
  });

  it.each(['<', '>', '^', '|', '`'])('rejects %s', (character) => {
    expect(onlyIssue(definitionSchema, `a${character}b`)).toMatchObject(refused(character));
  });

  it('trims and collapses spaces', () => {
    expect(parsed(definitionSchema, ' red   apple ')).toBe('red apple');
  });

  it('rejects 64 characters with maxLength 63', () => {
    expect(parsed(definitionSchema, 'y'.repeat(63))).toBe('y'.repeat(63));
    expect(onlyIssue(definitionSchema, 'y'.repeat(64))).toMatchObject(maxLength(63));
  });

  it('reports only "required" when blank', () => {
    expect(onlyIssue(definitionSchema, '  ')).toMatchObject(required);
  });
});

describe('definitionsSchema', () => {
  it('accepts one or more distinct definitions, normalized', () => {
    expect(parsed(definitionsSchema, ['cat'])).toEqual(['cat']);
    expect(parsed(definitionsSchema, [' kitty  cat ', 'Katze', 'кіт'])).toEqual([
      'kitty cat',
      'Katze',
      'кіт',
    ]);
  });

  it.each([[[]], [undefined], ['cat']])('requires at least one definition: %j', (input) => {
    expect(onlyIssue(definitionsSchema, input)).toMatchObject({ key: VALIDATION_KEYS.definitionsRequired });
  });

  it('flags a duplicate that differs only in case at its own index', () => {
    const issue = onlyIssue(definitionsSchema, ['cat', 'dog', 'Cat']);
    expect(issue).toMatchObject({ key: VALIDATION_KEYS.duplicateDefinition, path: [2] });
  });

  it('flags a duplicate in a non-Latin script and after space normalization', () => {
    expect(onlyIssue(definitionsSchema, ['Кіт', 'кіт'])).toMatchObject({
      key: VALIDATION_KEYS.duplicateDefinition,
      path: [1],
    });
    expect(onlyIssue(definitionsSchema, ['big cat', 'x', ' big   CAT '])).toMatchObject({
      key: VALIDATION_KEYS.duplicateDefinition,
      path: [2],
    });
  });

  it('flags every repeat, not just the first', () => {
    const issues = issuesOf(definitionsSchema, ['a', 'A', 'b', 'a']);
    expect(issues.map((i) => i.path)).toEqual([[1], [3]]);
    expect(issues.every((i) => i.key === VALIDATION_KEYS.duplicateDefinition)).toBe(true);
  });

  it('reports an invalid definition at its index', () => {
    expect(onlyIssue(definitionsSchema, ['ok', 'a<b'])).toMatchObject({ ...refused('<'), path: [1] });
  });

  it('accepts 10 definitions and rejects 11', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `meaning ${i}`);
    expect(parsed(definitionsSchema, ten)).toEqual(ten);
    expect(onlyIssue(definitionsSchema, [...ten, 'meaning 10'])).toMatchObject({
      key: 'validation.tooManyDefinitions',
      values: { count: 10 },
    });
  });
});

describe('splitDefinitions', () => {
  it('splits on commas, trims, collapses spaces and drops empty parts', () => {
    expect(splitDefinitions(' cat ,  big   dog,,, bird ,')).toEqual(['cat', 'big dog', 'bird']);
  });

  it('returns one definition when there is no comma and none for a blank field', () => {
    expect(splitDefinitions('кіт')).toEqual(['кіт']);
    expect(splitDefinitions('  , ,')).toEqual([]);
  });

  it('produces definitions that pass the definition rules', () => {
    expect(parsed(definitionsSchema, splitDefinitions('cat, kitty, Katze'))).toEqual([
      'cat',
      'kitty',
      'Katze',
    ]);
  });
});

describe('verificationCodeSchema', () => {
  it('accepts six digits, trimmed', () => {
    expect(parsed(verificationCodeSchema, '012345')).toBe('012345');
    expect(parsed(verificationCodeSchema, ' 987654 ')).toBe('987654');
  });

  it.each(['12a456', 'abcdef', '12 456', '１２３４５６'])(
    'rejects non-digits in %j with digitsOnly',
    (code) => {
      expect(onlyIssue(verificationCodeSchema, code)).toMatchObject({ key: VALIDATION_KEYS.digitsOnly });
    },
  );

  it.each(['12345', '1234567'])('rejects %j with codeLength 6', (code) => {
    expect(onlyIssue(verificationCodeSchema, code)).toMatchObject({
      key: VALIDATION_KEYS.codeLength,
      values: { length: 6 },
    });
  });

  it('reports only "required" when empty', () => {
    expect(onlyIssue(verificationCodeSchema, '')).toMatchObject(required);
  });
});

describe('searchSchema', () => {
  it.each([
    ['', ''],
    ['   ', ''],
    ['cat', 'cat'],
    ['  big   cat ', 'big cat'],
    ['кіт, cat?', 'кіт, cat?'],
    ['猫', '猫'],
  ])('accepts %j as %j', (input, output) => {
    expect(parsed(searchSchema, input)).toBe(output);
  });

  it.each([
    ['a<b', '<'],
    ['a|b', '|'],
    ['x`y', '`'],
    ['cat 🐱', '🐱'],
  ])('rejects forbidden characters in %j, naming %s', (query, character) => {
    expect(onlyIssue(searchSchema, query)).toMatchObject(refused(character));
  });

  it('finds what a term may hold, in any script', () => {
    expect(parsed(searchSchema, '犬が好きです。')).toBe('犬が好きです。');
  });

  it('accepts 63 characters and rejects 64 with maxLength 63', () => {
    expect(parsed(searchSchema, 'q'.repeat(63))).toBe('q'.repeat(63));
    expect(onlyIssue(searchSchema, 'q'.repeat(64))).toMatchObject(maxLength(63));
  });
});
