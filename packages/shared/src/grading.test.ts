import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  TYPO_MIN_LETTERS,
  searchFold,
  definitionForms,
  editDistance,
  findMatch,
  foldAnswer,
  gradeAnswer,
  matchAnswer,
  normalizeAnswer,
  type AnswerGrade,
} from './grading';
import { definitionSchema } from './validation';

/**
 * Every rule of docs/decisions/0043-fair-grading.md, one row each, in the record's order:
 * what is typed, the word's definitions (those still to type), the other words' definitions,
 * the result, and which definition it is (this word's for exact and almost, the other word's
 * for a wrong answer that spells another word's meaning).
 */
interface Row {
  rule: string;
  typed: string;
  definitions: string[];
  others?: string[];
  result: 'exact' | 'almost' | 'wrong';
  as?: string;
}

const GRADING_TABLE: Row[] = [
  { rule: 'case', typed: 'Katze', definitions: ['katze'], result: 'exact' },
  { rule: 'case', typed: 'КІТ', definitions: ['кіт'], result: 'exact' },
  { rule: 'case', typed: 'ΛΌΓΟΣ', definitions: ['λόγος'], result: 'exact' },
  { rule: 'spaces', typed: '  der   Hund ', definitions: ['der Hund'], result: 'exact' },
  { rule: 'Unicode form (NFC)', typed: 'Cafe\u0301', definitions: ['café'], result: 'exact' },
  { rule: 'Greek final sigma', typed: 'λόγοσ', definitions: ['λόγος'], result: 'exact' },
  { rule: 'apostrophes', typed: "don't", definitions: ['don’t'], result: 'exact' },
  { rule: 'apostrophes', typed: 'don`t', definitions: ["don't"], result: 'exact' },
  { rule: 'apostrophes', typed: "м'ята", definitions: ['мʼята'], result: 'exact' },
  { rule: 'apostrophes', typed: 'l‘eau', definitions: ["l'eau"], result: 'exact' },
  { rule: 'trailing punctuation', typed: 'Hallo!', definitions: ['hallo'], result: 'exact' },
  { rule: 'trailing punctuation', typed: 'hallo', definitions: ['Hallo!'], result: 'exact' },
  { rule: 'trailing punctuation', typed: 'really ?!', definitions: ['really'], result: 'exact' },
  { rule: 'trailing punctuation', typed: 'wait…', definitions: ['wait...'], result: 'exact' },
  { rule: 'trailing punctuation', typed: 'go;', definitions: ['go'], result: 'exact' },
  { rule: 'leading ¡ ¿', typed: 'Qué tal', definitions: ['¿Qué tal?'], result: 'exact' },
  { rule: 'leading ¡ ¿', typed: '¡hola!', definitions: ['hola'], result: 'exact' },
  { rule: 'punctuation only', typed: '?', definitions: ['?'], result: 'exact' },
  { rule: 'punctuation only', typed: '!', definitions: ['?'], result: 'wrong' },
  { rule: 'optional part', typed: 'go', definitions: ['(to) go'], result: 'exact' },
  { rule: 'optional part', typed: 'to go', definitions: ['(to) go'], result: 'exact' },
  { rule: 'optional part', typed: '(to) go', definitions: ['(to) go'], result: 'exact' },
  { rule: 'optional part', typed: 'run', definitions: ['run (fast)'], result: 'exact' },
  { rule: 'optional part', typed: 'run fast', definitions: ['run (fast)'], result: 'exact' },
  { rule: 'optional part', typed: 'color', definitions: ['colo(u)r'], result: 'exact' },
  { rule: 'optional part', typed: 'colour', definitions: ['colo(u)r'], result: 'exact' },
  { rule: 'optional part', typed: 'fast', definitions: ['run (fast)'], result: 'wrong' },
  { rule: 'optional part', typed: 'to', definitions: ['(to) go'], result: 'wrong' },
  { rule: 'alternatives with ;', typed: 'colour', definitions: ['colour; color'], result: 'exact' },
  { rule: 'alternatives with ;', typed: 'color', definitions: ['colour; color'], result: 'exact' },
  { rule: 'alternatives with ;', typed: 'colour;color', definitions: ['colour; color'], result: 'exact' },
  { rule: 'alternatives with ;', typed: 'to walk', definitions: ['(to) go; (to) walk'], result: 'exact' },
  { rule: 'alternatives with ;', typed: 'walk', definitions: ['(to) go; (to) walk'], result: 'exact' },
  { rule: 'alternatives with /', typed: 'color', definitions: ['colour/color'], result: 'exact' },
  { rule: 'alternatives with /', typed: 'colour', definitions: ['colour/color'], result: 'exact' },
  { rule: 'alternatives with /', typed: 'colour / color', definitions: ['colour/color'], result: 'exact' },
  { rule: 'alternatives with /', typed: 'email', definitions: ['e-mail/email'], result: 'exact' },
  { rule: 'a / that joins', typed: 'or', definitions: ['and/or'], result: 'wrong' },
  { rule: 'a / that joins', typed: 'and', definitions: ['and/or'], result: 'wrong' },
  { rule: 'a / that joins', typed: 'and/or', definitions: ['and/or'], result: 'exact' },
  { rule: 'a / that joins', typed: 'und', definitions: ['und/oder'], result: 'wrong' },
  { rule: 'a / that joins', typed: '24', definitions: ['24/7'], result: 'wrong' },
  { rule: 'a / that joins', typed: '24/7', definitions: ['24/7'], result: 'exact' },
  { rule: 'a / that joins', typed: 'km', definitions: ['km/h'], result: 'wrong' },
  { rule: 'a / that joins', typed: 'to go', definitions: ['to go/to walk'], result: 'wrong' },
  { rule: 'accents', typed: 'cafe', definitions: ['café'], result: 'almost' },
  { rule: 'accents', typed: 'zrodlo', definitions: ['źródło'], result: 'almost' },
  { rule: 'accents', typed: 'schon', definitions: ['schön'], result: 'almost' },
  { rule: 'accents', typed: 'λογος', definitions: ['λόγος'], result: 'almost' },
  { rule: 'accents', typed: 'ежик', definitions: ['ёжик'], result: 'almost' },
  { rule: 'accents', typed: 'іжак', definitions: ['їжак'], result: 'almost' },
  { rule: 'not accents', typed: 'кит', definitions: ['кіт'], result: 'wrong' },
  { rule: 'not accents', typed: 'कतब', definitions: ['किताब'], result: 'wrong' },
  { rule: 'letters spelled with two', typed: 'coeur', definitions: ['cœur'], result: 'almost' },
  { rule: 'letters spelled with two', typed: 'cœur', definitions: ['coeur'], result: 'almost' },
  { rule: 'letters spelled with two', typed: 'aeble', definitions: ['æble'], result: 'almost' },
  { rule: 'letters spelled with two', typed: 'æble', definitions: ['aeble'], result: 'almost' },
  { rule: 'letters spelled with two', typed: 'strasse', definitions: ['Straße'], result: 'almost' },
  { rule: 'letters spelled with two', typed: 'straße', definitions: ['Strasse'], result: 'almost' },
  { rule: 'letters spelled with two', typed: 'ijs', definitions: ['ĳs'], result: 'almost' },
  { rule: 'letters spelled with two', typed: 'ĳs', definitions: ['ijs'], result: 'almost' },
  { rule: 'ø å ä ö ü, either spelling', typed: 'ol', definitions: ['øl'], result: 'almost' },
  { rule: 'ø å ä ö ü, either spelling', typed: 'oel', definitions: ['øl'], result: 'almost' },
  { rule: 'ø å ä ö ü, either spelling', typed: 'arhus', definitions: ['Århus'], result: 'almost' },
  { rule: 'ø å ä ö ü, either spelling', typed: 'aarhus', definitions: ['Århus'], result: 'almost' },
  { rule: 'ø å ä ö ü, either spelling', typed: 'fur', definitions: ['für'], result: 'almost' },
  { rule: 'ø å ä ö ü, either spelling', typed: 'fuer', definitions: ['für'], result: 'almost' },
  { rule: 'ø å ä ö ü, either spelling', typed: 'Göthe', definitions: ['Goethe'], result: 'almost' },
  { rule: 'missing apostrophe', typed: 'dont', definitions: ["don't"], result: 'almost' },
  { rule: 'missing apostrophe', typed: 'мята', definitions: ["м'ята"], result: 'almost' },
  { rule: 'one typo (5+ letters)', typed: 'hous', definitions: ['house'], result: 'almost' },
  { rule: 'one typo (5+ letters)', typed: 'housse', definitions: ['house'], result: 'almost' },
  { rule: 'one typo (5+ letters)', typed: 'housr', definitions: ['house'], result: 'almost' },
  { rule: 'one typo (5+ letters)', typed: 'hose', definitions: ['horse'], result: 'almost' },
  { rule: 'one typo (5+ letters)', typed: 'Schmeterling', definitions: ['Schmetterling'], result: 'almost' },
  { rule: 'one typo (5+ letters)', typed: 'gebaude', definitions: ['Gebäude'], result: 'almost' },
  { rule: 'one typo (5+ letters)', typed: 'houses!', definitions: ['house'], result: 'almost' },
  { rule: 'one typo (5+ letters)', typed: 'colr', definitions: ['colour/color'], result: 'almost' },
  { rule: 'one typo (5+ letters)', typed: 'rnu fast', definitions: ['run (fast)'], result: 'almost' },
  { rule: 'swapped neighbours', typed: 'recieve', definitions: ['receive'], result: 'almost' },
  { rule: 'swapped neighbours', typed: 'huose', definitions: ['house'], result: 'almost' },
  { rule: 'swapped neighbours', typed: 'Strsase', definitions: ['Straße'], result: 'almost' },
  { rule: 'more than one edit', typed: 'hsoue', definitions: ['house'], result: 'wrong' },
  { rule: 'more than one edit', typed: 'hauses', definitions: ['house'], result: 'wrong' },
  { rule: 'more than one edit', typed: 'completely different', definitions: ['house'], result: 'wrong' },
  { rule: 'too short for a typo', typed: 'cap', definitions: ['cat'], result: 'wrong' },
  { rule: 'too short for a typo', typed: 'tea', definitions: ['tee'], result: 'wrong' },
  { rule: 'too short for a typo', typed: 'teh', definitions: ['the'], result: 'wrong' },
  { rule: 'too short for a typo', typed: 'Hand', definitions: ['Hund'], result: 'wrong' },
  { rule: 'too short for a typo', typed: 'goo', definitions: ['(to) go'], result: 'wrong' },
  { rule: 'empty answer', typed: '', definitions: ['house'], result: 'wrong' },
  { rule: 'empty answer', typed: '   ', definitions: ['house'], result: 'wrong' },
  { rule: 'exact wins', typed: 'tee', definitions: ['tea', 'tee'], result: 'exact', as: 'tee' },
  { rule: 'exact wins', typed: 'house', definitions: ['housr', 'house'], result: 'exact', as: 'house' },
  { rule: 'first almost', typed: 'housr', definitions: ['house', 'mouse'], result: 'almost', as: 'house' },
  {
    rule: "another word's definition",
    typed: 'house',
    definitions: ['mouse'],
    others: ['horse', 'house'],
    result: 'wrong',
    as: 'house',
  },
  {
    rule: "another word's definition",
    typed: 'cafe',
    definitions: ['café'],
    others: ['cafe'],
    result: 'wrong',
    as: 'cafe',
  },
  {
    rule: "another word's definition",
    typed: 'to go',
    definitions: ['walk'],
    others: ['(to) go'],
    result: 'wrong',
    as: '(to) go',
  },
  {
    rule: "another word's definition",
    typed: 'Bank',
    definitions: ['bank'],
    others: ['bank'],
    result: 'exact',
    as: 'bank',
  },
  {
    rule: "another word's definition",
    typed: 'mouse',
    definitions: ['house'],
    others: ['mice'],
    result: 'almost',
    as: 'house',
  },
];

describe('the rule table of decision 0043', () => {
  it.each(GRADING_TABLE.map((row, i) => [i + 1, row] as const))('%i: %j', (_number, row) => {
    const grade = gradeAnswer(row.typed, row.definitions, { otherDefinitions: row.others ?? [] });
    expect(grade.kind).toBe(row.result);
    if (grade.kind === 'wrong') {
      const other = grade.otherDefinition;
      expect(other?.definition).toBe(row.as);
      if (other) expect(row.others?.[other.index]).toBe(other.definition);
    } else {
      // The definition as written, whatever form of it was typed.
      expect(grade.definition).toBe(row.as ?? row.definitions[0]);
    }
    if (row.definitions.length === 1 && !row.others) {
      expect(matchAnswer(row.typed, row.definitions[0] ?? '')).toBe(
        row.result === 'wrong' ? null : row.result,
      );
    }
  });
});

describe('normalizeAnswer', () => {
  it('ignores case, outer and repeated spaces and the Unicode form', () => {
    expect(normalizeAnswer('  Big   CAT ')).toBe('big cat');
    expect(normalizeAnswer('Cafe\u0301')).toBe(normalizeAnswer('Café'));
    expect(normalizeAnswer('ÄPFEL')).toBe('äpfel');
  });

  it('unifies apostrophes and the final sigma, and drops outer punctuation', () => {
    expect(normalizeAnswer('  ¿Qué   TAL ?! ')).toBe('qué tal');
    expect(normalizeAnswer('Don’t…')).toBe("don't");
    expect(normalizeAnswer('ΛΌΓΟΣ')).toBe('λόγοσ');
    expect(normalizeAnswer('colour / color;color.')).toBe('colour/color; color');
  });

  it('keeps a text of punctuation only, and a blank text is empty', () => {
    expect(normalizeAnswer(' ?! ')).toBe('?!');
    expect(normalizeAnswer(' \t\u00A0')).toBe('');
  });
});

describe('definitionForms', () => {
  it('lists the text, its alternatives, with and without each optional part', () => {
    expect(definitionForms('(to) go; (to) walk').sort()).toEqual(
      ['(to) go; (to) walk', '(to) go', 'go', 'to go', '(to) walk', 'walk', 'to walk'].sort(),
    );
    expect(definitionForms('Colour / Color.').sort()).toEqual(['color', 'colour', 'colour/color']);
    expect(definitionForms('a (b) c (d)').sort()).toEqual(
      ['a (b) c (d)', 'a b c d', 'a b c', 'a c d', 'a c'].sort(),
    );
  });

  it('takes all optional parts or none beyond five of them', () => {
    expect(definitionForms('a(b)c(d)e(f)g(h)i(j)k(l)m').sort()).toEqual(
      ['a(b)c(d)e(f)g(h)i(j)k(l)m', 'abcdefghijklm', 'acegikm'].sort(),
    );
    expect(definitionForms('a(b)c(d)e(f)g(h)i(j)k')).toHaveLength(33);
  });

  it('never lists an empty form', () => {
    expect(definitionForms('(informal)')).toEqual(['(informal)', 'informal']);
    expect(definitionForms('();')).toEqual(['()']);
  });
});

describe('foldAnswer', () => {
  it('strips accents and spells out letters without one', () => {
    expect(foldAnswer('ąćęłńóśźż')).toEqual(['acelnoszz']);
    expect(foldAnswer('àéîõ')).toEqual(['aeio']);
    expect(foldAnswer('œæßĳðþ')).toEqual(['oeaessijdth']);
    expect(foldAnswer("м'ята")).toEqual(['мята']);
  });

  it('gives ä ö ü ø å both spellings', () => {
    expect(foldAnswer('für')).toEqual(['fur', 'fuer']);
    expect(foldAnswer('øl')).toEqual(['ol', 'oel']);
    expect(foldAnswer('århus')).toEqual(['arhus', 'aarhus']);
  });

  it('keeps the marks that are vowels or voicing, not accents', () => {
    expect(foldAnswer('किताब')).toEqual(['किताब']);
    // The voicing mark stays; katakana become hiragana (decision 0059).
    expect(foldAnswer('ガ')).toEqual(['が']);
  });
});

describe('editDistance', () => {
  it('counts wrong, missing, extra and swapped letters by code point', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('ж', 'ш')).toBe(1);
    expect(editDistance('recieve', 'receive')).toBe(1);
    expect(editDistance('😀a', 'a😀')).toBe(1);
    // Optimal string alignment: a swapped pair is not edited again ("ca" → "abc" is 3, not 2).
    expect(editDistance('ca', 'abc')).toBe(3);
  });

  it('stops past the maximum', () => {
    expect(editDistance('abcdef', 'uvwxyz', 1)).toBe(2);
    expect(editDistance('abcdef', 'abc', 1)).toBe(2);
  });
});

// --- Properties -------------------------------------------------------------------------

/** Letters of many scripts, with the ones the rules fold. */
const LETTERS = Array.from('abcdeghilmnorstuzäöüßąłźżéèœæøåĳкіїєжёйλόγοσςαΩ中字किताब');
const PUNCTUATION = Array.from(`.!?'’ʼ‘"()-:;/&…¿¡`);
const text = (pieces: fc.Arbitrary<string>, maxLength = 16) =>
  fc.array(pieces, { minLength: 1, maxLength }).map((chars) => chars.join(''));
const anyText = text(
  fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...LETTERS) },
    { weight: 2, arbitrary: fc.constant(' ') },
    { weight: 2, arbitrary: fc.constantFrom(...PUNCTUATION) },
  ),
);
const word = text(fc.constantFrom(...LETTERS), 8);
/** Words put together the ways the rules read: optional parts, alternatives, a joining slash. */
const shaped = fc
  .tuple(
    fc.constantFrom(
      '(A) B',
      'A (B)',
      'A(B)C',
      'A/B',
      'A/B/C',
      'A / B',
      'A; B',
      'A; (B) C',
      'A/or',
      'A B/C',
      'A (B) C!',
    ),
    word,
    word,
    word,
  )
  .map(([shape, a, b, c]) => shape.replace(/[ABC]/gu, (slot) => ({ A: a, B: b, C: c })[slot] ?? slot));
/** A definition as a word's editor accepts it. */
const definition = fc.oneof(anyText, shaped).filter((value) => definitionSchema.safeParse(value).success);
const hasLetterOrDigit = (value: string) => /[\p{L}\p{N}]/u.test(value);

/** A text near `value`: itself, or with a letter wrong, missing, extra, swapped, or folded. */
const near = (value: string, letters: readonly string[] = LETTERS) =>
  fc
    .tuple(
      fc.constantFrom('same', 'delete', 'insert', 'replace', 'swap', 'fold'),
      fc.nat(),
      fc.constantFrom(...letters),
    )
    .map(([edit, at, letter]) => {
      const chars = Array.from(value);
      const i = at % chars.length;
      if (edit === 'delete') chars.splice(i, 1);
      if (edit === 'insert') chars.splice(i, 0, letter);
      if (edit === 'replace') chars[i] = letter;
      if (edit === 'swap' && i + 1 < chars.length)
        [chars[i], chars[i + 1]] = [chars[i + 1] ?? '', chars[i] ?? ''];
      if (edit === 'fold') return foldAnswer(normalizeAnswer(value))[0] ?? value;
      return chars.join('');
    });
/** Definitions, and an answer often close to one of them. */
const graded = fc.array(definition, { minLength: 1, maxLength: 4 }).chain((definitions) =>
  fc.record({
    definitions: fc.constant(definitions),
    answer: fc.oneof(anyText, fc.constantFrom(...definitions).chain(near)),
  }),
);

/** Changes only what grading ignores: letter case, spacing, the Unicode form. */
const sameToGrading = (value: string) =>
  fc
    .tuple(
      fc.array(fc.boolean(), { minLength: value.length, maxLength: value.length }),
      fc.constantFrom(' ', '  ', '\t', '\u00A0', ' \n '),
      fc.constantFrom('', ' ', '\t '),
      fc.constantFrom<'NFC' | 'NFD'>('NFC', 'NFD'),
    )
    .map(([upper, space, outer, form]) => {
      const cased = Array.from(value)
        .map((char, i) => {
          const changed = upper[i] ? char.toUpperCase() : char.toLowerCase();
          // ß → SS, ŉ → ʼN: only letters whose case comes back unchanged.
          return changed.toLowerCase() === char.toLowerCase() ? changed : char;
        })
        .join('');
      return `${outer}${cased.replace(/ /gu, space)}${outer}`.normalize(form);
    });

const gradeOf = (answer: string, definitions: readonly string[], others: readonly string[] = []) =>
  gradeAnswer(answer, definitions, { otherDefinitions: others });

describe('grading properties', () => {
  it('grades any definition exactly as itself, and shows it as written', () => {
    fc.assert(
      fc.property(definition, fc.array(definition, { maxLength: 3 }), (own, others) => {
        expect(gradeOf(own, [own], others)).toEqual({ kind: 'exact', definition: own });
        for (const form of definitionForms(own)) expect(matchAnswer(form, own)).toBe('exact');
      }),
      { numRuns: 500 },
    );
  });

  it('never changes a grade for case, spacing or the Unicode form', () => {
    fc.assert(
      fc.property(
        graded.chain(({ definitions, answer }) =>
          fc.record({
            definitions: fc.constant(definitions),
            answer: fc.constant(answer),
            changed: sameToGrading(answer),
          }),
        ),
        ({ definitions, answer, changed }) => {
          expect(gradeOf(changed, definitions)).toEqual(gradeOf(answer, definitions));
          expect(normalizeAnswer(changed)).toBe(normalizeAnswer(answer));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never changes a grade for trailing punctuation', () => {
    fc.assert(
      fc.property(
        graded.filter(({ answer }) => hasLetterOrDigit(answer)),
        fc.array(fc.constantFrom('.', '!', '?', '…', ',', ';', ' '), { minLength: 1, maxLength: 3 }),
        ({ definitions, answer }, punctuation) => {
          expect(gradeOf(answer + punctuation.join(''), definitions)).toEqual(gradeOf(answer, definitions));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("never accepts another word's definition that is not exactly this word's", () => {
    fc.assert(
      fc.property(
        fc.array(definition, { minLength: 1, maxLength: 3 }),
        fc.array(definition, { minLength: 1, maxLength: 3 }),
        fc.nat(),
        (own, others, pick) => {
          const other = others[pick % others.length] ?? '';
          const grade = gradeOf(other, own, others);
          if (own.some((definition) => matchAnswer(other, definition) === 'exact')) {
            expect(grade.kind).toBe('exact');
          } else {
            expect(grade.kind).toBe('wrong');
            const found = grade.kind === 'wrong' ? grade.otherDefinition : null;
            expect(found).not.toBeNull();
            expect(others[found?.index ?? -1]).toBe(found?.definition);
            expect(definitionForms(found?.definition ?? '')).toContain(normalizeAnswer(other));
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('prefers an exact match, and returns one of the definitions as given', () => {
    fc.assert(
      fc.property(graded, ({ definitions, answer }) => {
        const grade = gradeOf(answer, definitions);
        const exactly = definitions.find((d) => definitionForms(d).includes(normalizeAnswer(answer)));
        if (normalizeAnswer(answer) === '') expect(grade.kind).toBe('wrong');
        else if (exactly !== undefined) expect(grade).toEqual({ kind: 'exact', definition: exactly });
        if (grade.kind !== 'wrong') expect(definitions).toContain(grade.definition);
        expect(findMatch(answer, definitions)).toEqual(grade.kind === 'wrong' ? null : grade);
      }),
      { numRuns: 500 },
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(graded, anyText, ({ definitions, answer }, unrelated) => {
        const first: AnswerGrade = gradeOf(answer, definitions);
        gradeOf(unrelated, [unrelated, ...definitions]);
        expect(gradeOf(answer, definitions)).toEqual(first);
        expect(gradeOf(answer, [...definitions])).toEqual(first);
      }),
    );
  });

  it('never accepts an answer two edits away from a plain definition as almost', () => {
    const ascii = Array.from('abcdefghijklmnopqrstuvwxyz ');
    const plain = text(fc.constantFrom(...ascii), 10);
    const pair = plain.chain((wanted) =>
      fc.record({
        wanted: fc.constant(wanted),
        typed: fc.oneof(
          plain,
          near(wanted, ascii),
          near(wanted, ascii).chain((once) => near(once, ascii)),
        ),
      }),
    );
    fc.assert(
      fc.property(pair, ({ wanted, typed }) => {
        const kind = matchAnswer(typed, wanted);
        const distance = editDistance(normalizeAnswer(typed), normalizeAnswer(wanted));
        if (kind === 'exact') expect(distance).toBe(0);
        if (kind === 'almost') {
          expect(distance).toBe(1);
          expect((normalizeAnswer(wanted).match(/\p{L}/gu) ?? []).length).toBeGreaterThanOrEqual(
            TYPO_MIN_LETTERS,
          );
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps normalizeAnswer idempotent', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, fc.string()), (value) => {
        expect(normalizeAnswer(normalizeAnswer(value))).toBe(normalizeAnswer(value));
      }),
      { numRuns: 500 },
    );
  });
});

describe('editDistance properties', () => {
  /** The textbook optimal string alignment distance, without shortcuts. */
  const reference = (a: string, b: string) => {
    const s = Array.from(a);
    const t = Array.from(b);
    const d = Array.from({ length: s.length + 1 }, (_, i) =>
      Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
    );
    const at = (i: number, j: number) => d[i]?.[j] ?? 0;
    for (let i = 1; i <= s.length; i += 1) {
      for (let j = 1; j <= t.length; j += 1) {
        let value = Math.min(
          at(i - 1, j) + 1,
          at(i, j - 1) + 1,
          at(i - 1, j - 1) + (s[i - 1] === t[j - 1] ? 0 : 1),
        );
        if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
          value = Math.min(value, at(i - 2, j - 2) + 1);
        (d[i] ?? [])[j] = value;
      }
    }
    return at(s.length, t.length);
  };
  const short = text(fc.constantFrom(...Array.from('abcab😀ж')), 8).map((value) => value.trim());

  it('agrees with the textbook distance, is symmetric, and stops only past the maximum', () => {
    fc.assert(
      fc.property(short, short, fc.nat(3), (a, b, max) => {
        const distance = reference(a, b);
        expect(editDistance(a, b)).toBe(distance);
        expect(editDistance(b, a)).toBe(distance);
        const bounded = editDistance(a, b, max);
        if (distance <= max) expect(bounded).toBe(distance);
        else expect(bounded).toBeGreaterThan(max);
      }),
      { numRuns: 1000 },
    );
  });
});

/** The script rules of docs/decisions/0059-any-language.md, one row each. */
const SCRIPT_TABLE: Row[] = [
  { rule: 'full-width Latin', typed: 'ＣＡＴ', definitions: ['cat'], result: 'exact' },
  { rule: 'full-width digits', typed: '２４/７', definitions: ['24/7'], result: 'exact' },
  { rule: 'half-width katakana', typed: 'ｶﾀｶﾅ', definitions: ['カタカナ'], result: 'exact' },
  { rule: 'half-width katakana, voiced', typed: 'ｶﾞｯｺｳ', definitions: ['ガッコウ'], result: 'exact' },
  { rule: 'ideographic space', typed: 'お茶\u3000です', definitions: ['お茶 です'], result: 'exact' },
  { rule: 'Japanese full stop', typed: 'はい。', definitions: ['はい'], result: 'exact' },
  { rule: 'hiragana for katakana', typed: 'ねこ', definitions: ['ネコ'], result: 'almost' },
  { rule: 'katakana for hiragana', typed: 'スシ', definitions: ['すし'], result: 'almost' },
  { rule: 'half-width for hiragana', typed: 'ｽｼ', definitions: ['すし'], result: 'almost' },
  { rule: 'kana are not kanji', typed: 'にほん', definitions: ['日本'], result: 'wrong' },
  { rule: 'CJK: short forms have no typo', typed: '本日', definitions: ['日本'], result: 'wrong' },
  { rule: 'CJK: short forms have no typo', typed: '社会', definitions: ['会社'], result: 'wrong' },
  { rule: 'CJK: short forms have no typo', typed: '一石二鸟', definitions: ['一石二鳥'], result: 'wrong' },
  { rule: 'CJK: short forms have no typo', typed: '안녕하세', definitions: ['안녕하세요'], result: 'wrong' },
  {
    rule: 'CJK: short forms have no typo',
    typed: 'ありがどう',
    definitions: ['ありがとう'],
    result: 'wrong',
  },
  {
    rule: 'CJK: six characters forgive one',
    typed: 'コンピュータ',
    definitions: ['コンピューター'],
    result: 'almost',
  },
  {
    rule: 'CJK: six characters forgive one',
    typed: '我很喜欢你们',
    definitions: ['我很喜欢他们'],
    result: 'almost',
  },
  { rule: 'CJK: only one', typed: 'コンピュ', definitions: ['コンピューター'], result: 'wrong' },
  { rule: 'Greek final sigma', typed: 'ΟΔΟΣ', definitions: ['οδός'], result: 'almost' },
  { rule: 'Greek final sigma', typed: 'οδόσ', definitions: ['οδός'], result: 'exact' },
  { rule: 'Greek tonos', typed: 'καλημερα', definitions: ['καλημέρα'], result: 'almost' },
  { rule: 'Greek dialytika', typed: 'προιον', definitions: ['προϊόν'], result: 'almost' },
  { rule: 'Greek: two letters wrong is wrong', typed: 'λόγια', definitions: ['λόγος'], result: 'wrong' },
  { rule: 'Arabic harakat optional', typed: 'كتاب', definitions: ['كِتَاب'], result: 'exact' },
  { rule: 'Arabic harakat optional', typed: 'كِتَابٌ', definitions: ['كتاب'], result: 'exact' },
  { rule: 'Arabic shadda optional', typed: 'مدرسة', definitions: ['مُدَرِّسَة'], result: 'exact' },
  { rule: 'Arabic tatweel', typed: 'كتــاب', definitions: ['كتاب'], result: 'exact' },
  { rule: 'Arabic question mark', typed: 'ماذا؟', definitions: ['ماذا'], result: 'exact' },
  { rule: 'Arabic semicolon', typed: 'نعم؛', definitions: ['نعم'], result: 'exact' },
  { rule: 'Urdu full stop', typed: 'کتاب۔', definitions: ['کتاب'], result: 'exact' },
  { rule: 'Devanagari danda', typed: 'कुत्ता।', definitions: ['कुत्ता'], result: 'exact' },
  { rule: 'Devanagari double danda', typed: 'कुत्ता॥', definitions: ['कुत्ता'], result: 'exact' },
  { rule: 'Myanmar section mark', typed: 'ခွေး။', definitions: ['ခွေး'], result: 'exact' },
  { rule: 'Ethiopic full stop', typed: 'ውሻ።', definitions: ['ውሻ'], result: 'exact' },
  { rule: 'Armenian full stop', typed: 'շուն։', definitions: ['շուն'], result: 'exact' },
  { rule: 'full-width exclamation', typed: 'はい！', definitions: ['はい'], result: 'exact' },
  { rule: 'Arabic hamza on alef', typed: 'اب', definitions: ['أب'], result: 'almost' },
  { rule: 'Arabic: another letter is wrong', typed: 'كتب', definitions: ['كلب'], result: 'wrong' },
  { rule: 'Hebrew points fold', typed: 'שלום', definitions: ['שָׁלוֹם'], result: 'almost' },
];

describe('the script rules of decision 0059', () => {
  it.each(SCRIPT_TABLE.map((row, i) => [i + 1, row] as const))('%i: %j', (_number, row) => {
    const grade = gradeAnswer(row.typed, row.definitions);
    expect(grade.kind).toBe(row.result);
  });

  it('keeps other compatibility forms apart from the width blocks', () => {
    expect(normalizeAnswer('ﬁne')).toBe('ﬁne');
    expect(normalizeAnswer('ｘ²')).toBe('x²');
  });
});

describe('searchFold', () => {
  it.each([
    ['Straße', 'strasse'],
    ['CAFÉ', 'cafe'],
    ['Źródło', 'zrodlo'],
    ['ΟΔΟΣ', 'οδοσ'],
    ['καλημέρα', 'καλημερα'],
    ['ｶﾞｯｺｳ', 'がっこう'],
    ['カタカナ', 'かたかな'],
    ['ＡＢＣ', 'abc'],
    ['كِتَــاب', 'كتاب'],
    ['L’eau', 'leau'],
    ['Øl', 'ol'],
    ['日本語', '日本語'],
  ])('%s → %s', (text, folded) => {
    expect(searchFold(text)).toBe(folded);
  });

  it('folds a text and any of its substrings alike, so a folded query finds a folded text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 12 }), (text) => {
        expect(searchFold(text)).toBe(searchFold(searchFold(text)));
      }),
    );
  });
});

describe("another word's definition in a large dictionary", () => {
  // A wrong answer is compared with every other word of the dictionary; the forms of their
  // definitions are remembered between answers (up to 20,000 of them), oldest dropped first.
  const dictionary = (size: number, prefix: string) =>
    Array.from({ length: size }, (_, i) => `(to) ${prefix}${i}; ${prefix}${i}-alt`);

  it('names the same other definition on every answer, before and after they are remembered', () => {
    const others = dictionary(5_000, 'w');
    for (let round = 0; round < 3; round += 1) {
      expect(gradeOf('W4321-ALT', ['own'], others)).toEqual({
        kind: 'wrong',
        otherDefinition: { index: 4321, definition: '(to) w4321; w4321-alt' },
      });
      expect(gradeOf('to w17', ['own'], others)).toMatchObject({ otherDefinition: { index: 17 } });
      expect(gradeOf('nothing like it', ['own'], others)).toEqual({ kind: 'wrong', otherDefinition: null });
    }
  });

  it('still finds every other definition once more definitions were seen than are remembered', () => {
    const first = dictionary(12_000, 'a');
    const second = dictionary(12_000, 'b');
    expect(gradeOf('a11999', ['own'], first)).toMatchObject({ otherDefinition: { index: 11_999 } });
    expect(gradeOf('b0', ['own'], second)).toMatchObject({ otherDefinition: { index: 0 } });
    // The first dictionary's oldest forms were dropped for the second's: worked out again.
    expect(gradeOf('a0', ['own'], first)).toMatchObject({ otherDefinition: { index: 0 } });
    expect(gradeOf('to a5', ['own'], first)).toMatchObject({ otherDefinition: { index: 5 } });
    // An own definition is graded from the same forms.
    expect(gradeOf('b7-alt', ['(to) b7; b7-alt'], second)).toEqual({
      kind: 'exact',
      definition: '(to) b7; b7-alt',
    });
  });
});
