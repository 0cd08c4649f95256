import { z } from 'zod';
import {
  VALIDATION_KEYS,
  encodeMessage,
  normalizeSpaces,
  termKey,
  splitDefinitions,
  type MessageValues,
} from './validation';
import { wordInputSchema } from './schemas';
import { isContentLanguage, type ContentLanguage } from './languages';

/**
 * Import and export of dictionaries (docs/decisions/0012-data-portability.md). Pure functions,
 * so the web preview and the server read a file the same way.
 *
 * CSV/TSV layout, one word per record: the term, then one definition per column. A definition
 * cell may also hold several definitions separated by commas (a definition never contains a
 * comma, SPEC §5), so "cat,“kitty, puss”" and "cat,kitty,puss" are the same word. Fields are
 * quoted as RFC 4180 says when they hold the delimiter, a quote or a line break. Text a
 * spreadsheet would run as a formula carries a `'` mark that the reader takes off again
 * (`neutralizeFormulas`, docs/decisions/0019-csv-formula-cells.md).
 *
 * Example sentences (docs/decisions/0060-example-sentences-and-cloze.md) follow the definitions,
 * one per cell, each marked by a leading `>` (`EXAMPLE_MARK`): neither a definition nor an
 * example may hold that character, so files written before examples read as they always did.
 * In Quizlet's layout they follow the definitions on the definition side, each after a `>`.
 */

/** What starts an example cell (CSV/TSV) or an example on a Quizlet card's definition side. */
export const EXAMPLE_MARK = '>';

/** `{ examples }` when there are some, else nothing: entries without examples stay as they were. */
function withExamples(examples: readonly string[]): { examples?: string[] } {
  const kept = examples.map(normalizeSpaces).filter((example) => example !== '');
  return kept.length > 0 ? { examples: kept } : {};
}

/** Splits a definition side ("kitty, puss > The cat sleeps. > …") into definitions and examples. */
function splitSide(side: string): { definitions: string[]; examples?: string[] } {
  const [definitions = '', ...examples] = side.split(EXAMPLE_MARK);
  return { definitions: splitDefinitions(definitions), ...withExamples(examples) };
}

export const IMPORT_DELIMITERS = [',', ';', '\t'] as const;
export type ImportDelimiter = (typeof IMPORT_DELIMITERS)[number];

export type ImportOptions =
  | { format: 'delimited'; delimiter: ImportDelimiter; skipHeader?: boolean }
  /** Quizlet's export: `termSeparator` between term and definition, `cardSeparator` between cards. */
  | { format: 'quizlet'; termSeparator: string; cardSeparator: string }
  /** A Wordhoard JSON export (or any `[{term, definitions}]`). */
  | { format: 'json' };

/** One entry read from the source, before validation. `line` is where it starts (1-based). */
export interface ParsedEntry {
  line: number;
  term: string;
  definitions: string[];
  /** Example sentences; absent when the source has none. */
  examples?: string[];
}

export interface ParsedImport {
  entries: ParsedEntry[];
  /** The dictionary's info when the source carries it (a Wordhoard JSON export). */
  dictionary?: { name?: string; fromLanguage?: ContentLanguage; toLanguage?: ContentLanguage };
  /** An encoded message when the whole source could not be read (broken JSON). */
  error?: string;
}

// --- Reading ---------------------------------------------------------------------------------

const BOM = '\uFEFF';
const stripBom = (text: string) => (text.startsWith(BOM) ? text.slice(1) : text);

/**
 * RFC 4180 records with any one-character delimiter, leniently: `\r\n`, `\n` and `\r` end a
 * record; a quote inside an unquoted field is kept as text; an unclosed quote runs to the end.
 */
export function parseDelimited(text: string, delimiter: string): { line: number; cells: string[] }[] {
  const source = stripBom(text);
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let index = 0;
  let fieldStart = true;
  const endRecord = () => {
    cells.push(field);
    if (!(cells.length === 1 && cells[0]?.trim() === '')) records.push({ line: recordLine, cells });
    cells = [];
    field = '';
    fieldStart = true;
  };
  while (index < source.length) {
    const char = source[index] as string;
    if (fieldStart && char === '"') {
      // A quoted field: up to the closing quote; "" is one quote; line breaks belong to it.
      index += 1;
      for (;;) {
        if (index >= source.length) break;
        const inner = source[index] as string;
        if (inner === '"') {
          if (source[index + 1] === '"') {
            field += '"';
            index += 2;
            continue;
          }
          index += 1;
          break;
        }
        if (inner === '\n' || (inner === '\r' && source[index + 1] !== '\n')) line += 1;
        field += inner;
        index += 1;
      }
      fieldStart = false;
      continue;
    }
    fieldStart = false;
    if (char === delimiter) {
      cells.push(field);
      field = '';
      fieldStart = true;
      index += 1;
    } else if (char === '\r' || char === '\n') {
      endRecord();
      index += char === '\r' && source[index + 1] === '\n' ? 2 : 1;
      line += 1;
      recordLine = line;
    } else {
      field += char;
      index += 1;
    }
  }
  if (field !== '' || cells.length > 0) endRecord();
  return records;
}

function fromCells(line: number, cells: string[]): ParsedEntry {
  const [term = '', ...rest] = cells;
  const definitions: string[] = [];
  const examples: string[] = [];
  for (const cell of rest) {
    const trimmed = cell.trimStart();
    if (trimmed.startsWith(EXAMPLE_MARK)) examples.push(trimmed.slice(EXAMPLE_MARK.length));
    else definitions.push(...splitDefinitions(cell));
  }
  return { line, term: normalizeSpaces(term), definitions, ...withExamples(examples) };
}

function splitCards(text: string, separator: string): string[] {
  if (separator === '\n' || separator === '\r\n') return text.split(/\r\n|\n|\r/);
  return separator === '' ? [text] : text.split(separator);
}

const countLineBreaks = (text: string) => (text.match(/\r\n|\n|\r/g) ?? []).length;

function parseQuizlet(text: string, termSeparator: string, cardSeparator: string): ParsedEntry[] {
  const newlineCards = cardSeparator === '\n' || cardSeparator === '\r\n';
  const entries: ParsedEntry[] = [];
  let line = 1;
  for (const card of splitCards(stripBom(text), cardSeparator)) {
    // A card is numbered by the line it starts on (with other separators a card may span lines).
    const start = line + countLineBreaks(card.match(/^\s*/)?.[0] ?? '');
    line += countLineBreaks(card) + (newlineCards ? 1 : 0);
    if (card.trim() === '') continue;
    const at = termSeparator === '' ? -1 : card.indexOf(termSeparator);
    entries.push({
      line: start,
      term: normalizeSpaces(at < 0 ? card : card.slice(0, at)),
      ...splitSide(at < 0 ? '' : card.slice(at + termSeparator.length)),
    });
  }
  return entries;
}

const stringArray = z.array(z.string());
const jsonWordSchema = z.object({
  term: z.string(),
  definitions: z.union([stringArray, z.string()]),
  /** Absent in files from before examples. */
  examples: stringArray.optional(),
});
const jsonSourceSchema = z.union([
  z.array(z.unknown()),
  z.object({ words: z.array(z.unknown()) }),
  z.object({
    dictionary: z.object({
      name: z.string().optional(),
      fromLanguage: z.string().optional(),
      toLanguage: z.string().optional(),
      words: z.array(z.unknown()),
    }),
  }),
]);

/** Any ISO 639-1 code a Wordhoard export can carry (decision 0059); anything else is dropped. */
const asLanguage = (value: string | undefined): ContentLanguage | undefined =>
  isContentLanguage(value) ? value : undefined;

function parseJson(text: string): ParsedImport {
  let data: unknown;
  try {
    data = JSON.parse(stripBom(text));
  } catch {
    return { entries: [], error: encodeMessage(VALIDATION_KEYS.invalidFile) };
  }
  const source = jsonSourceSchema.safeParse(data);
  if (!source.success) return { entries: [], error: encodeMessage(VALIDATION_KEYS.invalidFile) };
  const value = source.data;
  const items = Array.isArray(value) ? value : 'words' in value ? value.words : value.dictionary.words;
  const entries = items.map((item, index): ParsedEntry => {
    const word = jsonWordSchema.safeParse(item);
    if (!word.success) return { line: index + 1, term: '', definitions: [] };
    const { term, definitions, examples = [] } = word.data;
    return {
      line: index + 1,
      term: normalizeSpaces(term),
      definitions:
        typeof definitions === 'string'
          ? splitDefinitions(definitions)
          : definitions.map(normalizeSpaces).filter((d) => d !== ''),
      ...withExamples(examples),
    };
  });
  if (Array.isArray(value) || 'words' in value) return { entries };
  const { name, fromLanguage, toLanguage } = value.dictionary;
  return {
    entries,
    dictionary: {
      ...(name !== undefined ? { name } : {}),
      ...(asLanguage(fromLanguage) ? { fromLanguage: asLanguage(fromLanguage) } : {}),
      ...(asLanguage(toLanguage) ? { toLanguage: asLanguage(toLanguage) } : {}),
    },
  };
}

/** Reads pasted text or a file's content as words, without judging them (see `previewImport`). */
export function parseImport(text: string, options: ImportOptions): ParsedImport {
  switch (options.format) {
    case 'delimited': {
      const records = parseDelimited(text, options.delimiter);
      const rows = options.skipHeader ? records.slice(1) : records;
      return {
        entries: rows.map((record) => fromCells(record.line, record.cells.map(restoreFormulas))),
      };
    }
    case 'quizlet':
      return { entries: parseQuizlet(text, options.termSeparator, options.cardSeparator) };
    case 'json':
      return parseJson(text);
  }
}

/** A sensible way to read a file, from its name and its first line. */
export function guessImportOptions(fileName: string, text: string): ImportOptions {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.json') || /^\s*[[{]/.test(stripBom(text))) return { format: 'json' };
  if (lower.endsWith('.tsv')) return { format: 'delimited', delimiter: '\t' };
  const firstLine = stripBom(text).split(/\r\n|\n|\r/, 1)[0] ?? '';
  const count = (char: string) => firstLine.split(char).length - 1;
  if (count('\t') > 0) return { format: 'delimited', delimiter: '\t' };
  if (count(';') > count(',')) return { format: 'delimited', delimiter: ';' };
  return { format: 'delimited', delimiter: ',' };
}

// --- Judging ---------------------------------------------------------------------------------

export type ImportRowStatus = 'ready' | 'skipped' | 'error';

export interface ImportProblem {
  /** Which part of the line: the term, the definitions, the examples, or the line as a whole. */
  field: 'term' | 'definitions' | 'examples' | 'line';
  /** An encoded `validation.*` message (see encodeMessage). */
  message: string;
}

export interface ImportRow extends ParsedEntry {
  status: ImportRowStatus;
  problems: ImportProblem[];
}

export interface ImportPreview {
  rows: ImportRow[];
  /** The words to send: the valid, non-duplicate ones, in file order. */
  /** `examples` only when the word has some, so a file without them sends what it always did. */
  words: { term: string; definitions: string[]; examples?: string[] }[];
  counts: { total: number; ready: number; skipped: number; errors: number };
  /** True when a line has a problem that stops the import (duplicates only skip). */
  blocked: boolean;
}

export interface ImportContext {
  /** The terms already in the dictionary (any case); empty for a new dictionary. */
  existingTerms: Iterable<string>;
  /** How many words the dictionary has now. */
  existingCount: number;
  /** The role's words-per-dictionary limit. */
  wordLimit: number;
}

/** Terms are unique per dictionary ignoring case (as the words table's unique index). */

const message = (key: string, values?: MessageValues) => encodeMessage(key, values);

/** The part of a word a validation issue is about (its path's first key). */
export function importField(key: PropertyKey | undefined): 'term' | 'definitions' | 'examples' {
  return key === 'term' || key === 'examples' ? key : 'definitions';
}

/**
 * Judges each entry with the same rules as the word editor and the API: invalid lines are
 * errors; a term seen earlier in the file or already in the dictionary is skipped; lines past
 * the role's word limit are errors. Only `ready` words are imported.
 */
export function previewImport(entries: readonly ParsedEntry[], context: ImportContext): ImportPreview {
  const existing = new Set([...context.existingTerms].map(termKey));
  const firstLine = new Map<string, number>();
  const rows: ImportRow[] = [];
  const words: ImportPreview['words'] = [];
  let room = Math.max(0, context.wordLimit - context.existingCount);

  for (const entry of entries) {
    const problems: ImportProblem[] = [];
    const parsed = wordInputSchema.safeParse({
      term: entry.term,
      definitions: entry.definitions,
      examples: entry.examples,
    });
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = importField(issue.path[0]);
        const key = `${field}:${issue.message}`;
        if (seen.has(key)) continue;
        seen.add(key);
        problems.push({ field, message: issue.message });
      }
      rows.push({ ...entry, status: 'error', problems });
      continue;
    }
    const key = termKey(parsed.data.term);
    const earlier = firstLine.get(key);
    if (earlier !== undefined) {
      problems.push({
        field: 'term',
        message: message(VALIDATION_KEYS.duplicateTermInFile, { line: earlier }),
      });
      rows.push({ ...entry, status: 'skipped', problems });
      continue;
    }
    firstLine.set(key, entry.line);
    if (existing.has(key)) {
      problems.push({ field: 'term', message: message(VALIDATION_KEYS.termExists) });
      rows.push({ ...entry, status: 'skipped', problems });
      continue;
    }
    if (room === 0) {
      problems.push({
        field: 'line',
        message: message(VALIDATION_KEYS.overWordLimit, { limit: context.wordLimit }),
      });
      rows.push({ ...entry, status: 'error', problems });
      continue;
    }
    room -= 1;
    const examples = withExamples(parsed.data.examples ?? []);
    words.push({ term: parsed.data.term, definitions: parsed.data.definitions, ...examples });
    rows.push({
      ...entry,
      term: parsed.data.term,
      definitions: parsed.data.definitions,
      ...examples,
      status: 'ready',
      problems,
    });
  }

  const counts = { total: rows.length, ready: 0, skipped: 0, errors: 0 };
  for (const row of rows) {
    if (row.status === 'ready') counts.ready += 1;
    else if (row.status === 'skipped') counts.skipped += 1;
    else counts.errors += 1;
  }
  return { rows, words, counts, blocked: counts.errors > 0 };
}

// --- Writing ---------------------------------------------------------------------------------

/*
 * A spreadsheet runs a cell that starts with = + - @, a tab or a CR as a formula (OWASP "CSV
 * Injection"). The writer puts a `'` before such a character wherever a cell can start: at the
 * start of the field and after each , ; tab or line break inside it, since a file opened with
 * another separator than ours (Excel uses `;` in many locales) starts cells there. A run of the
 * user's own `'` before such a character gets one more in front, so the reader takes off
 * exactly the marks the writer added: "-ing" ⇄ "'-ing", "'=x" ⇄ "''=x", "'tis" stays "'tis".
 */
const CELL_START = String.raw`(?<=^|[,;\t\r\n])`;
const FORMULA_AHEAD = String.raw`(?='*[=+\-@\t\r])`;
const FORMULA_START = new RegExp(`${CELL_START}${FORMULA_AHEAD}`, 'g');
const FORMULA_MARK = new RegExp(`${CELL_START}'${FORMULA_AHEAD}`, 'g');

/** Marks every place a spreadsheet could start a formula, so the cell reads as text. */
export const neutralizeFormulas = (cell: string): string => cell.replace(FORMULA_START, "'");
/** Takes off exactly the marks `neutralizeFormulas` added (its inverse for every string). */
export const restoreFormulas = (cell: string): string => cell.replace(FORMULA_MARK, '');

function csvField(value: string, delimiter: string): string {
  const needsQuotes =
    value.includes(delimiter) ||
    value.includes('"') ||
    value.includes('\n') ||
    value.includes('\r') ||
    value !== value.trim();
  return needsQuotes ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Words as CSV (or TSV with `\t`): term, then one definition per column, then one example per
 * column after `> `; CRLF line ends; cells that a spreadsheet would run as a formula are
 * neutralized (see `neutralizeFormulas`).
 */
export function toDelimited(
  words: readonly { term: string; definitions: readonly string[]; examples?: readonly string[] }[],
  delimiter: ImportDelimiter = ',',
): string {
  return words
    .map((word) =>
      [
        word.term,
        ...word.definitions,
        ...(word.examples ?? []).map((example) => `${EXAMPLE_MARK} ${example}`),
      ]
        .map((cell) => csvField(neutralizeFormulas(cell), delimiter))
        .join(delimiter),
    )
    .map((record) => `${record}\r\n`)
    .join('');
}

/** A file name from a dictionary name: letters and digits kept, the rest as dashes. */
export function exportFileName(name: string, extension: string): string {
  const slug = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'dictionary'}.${extension}`;
}
