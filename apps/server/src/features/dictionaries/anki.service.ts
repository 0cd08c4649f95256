import {
  MAX_IMPORT_WORDS,
  ROLE_LIMITS,
  VALIDATION_KEYS,
  previewImport,
  termKey,
  type AnkiPreview,
  type ImportResult,
  type ParsedEntry,
} from '@wordhoard/shared';
import type { Caller } from '../../domain/caller';
import { AppError, notFound } from '../../domain/errors';
import { writeAnkiPackage } from './anki/anki-export';
import { AnkiPackageError, readAnkiPackage, type AnkiPackage } from './anki/anki-package';
import type { DictionariesRepository } from './dictionaries.repository';
import type { DictionariesService } from './dictionaries.service';

/**
 * Anki packages in and out (docs/decisions/0061-anki-import-export.md). The server reads the
 * package (sql.js, no native build), so the web bundle carries no SQLite and the word limits,
 * duplicates and text rules are judged where the words are saved. An import is an ordinary
 * `skipInvalid` import of the notes: the same transaction, locks and duplicate rules as any
 * other (dictionaries.service.ts), so two imports of one package at once add each word once.
 */
export class AnkiService {
  constructor(
    private readonly dictionaries: DictionariesService,
    private readonly repository: DictionariesRepository,
    private readonly clock: () => Date,
  ) {}

  /** What importing the package would do; nothing is saved. */
  async preview(caller: Caller, id: string, file: string): Promise<AnkiPreview> {
    const { userId, role } = await caller.session();
    const dictionary = await this.repository.find(userId, id);
    if (!dictionary) throw notFound();
    const read = await readPackage(file);
    const entries = read.notes.map(toEntry);
    const existingTerms = await this.repository.transaction((tx) =>
      this.repository.existingTerms(
        tx,
        dictionary.id,
        [...new Set(entries.map((entry) => termKey(entry.term)))],
        [],
      ),
    );
    const judged = previewImport(entries, {
      existingTerms,
      existingCount: dictionary.wordsCount,
      wordLimit: ROLE_LIMITS[role].wordsPerDictionary,
    });
    const counts = { total: judged.rows.length, ready: 0, skipped: 0, overLimit: 0, invalid: 0 };
    for (const row of judged.rows) {
      if (row.status === 'ready') counts.ready += 1;
      else if (row.status === 'skipped') counts.skipped += 1;
      else if (row.problems.some((problem) => problem.message.startsWith(VALIDATION_KEYS.overWordLimit)))
        counts.overLimit += 1;
      else counts.invalid += 1;
    }
    return {
      deck: read.deck,
      media: read.media.size,
      // The counts cover every note; the rows, enough for any role's dictionary.
      rows: judged.rows.slice(0, MAX_IMPORT_WORDS).map((row) => ({
        line: row.line,
        term: row.term,
        definitions: row.definitions,
        examples: row.examples ?? [],
        status: row.status,
        problems: row.problems,
      })),
      counts,
    };
  }

  /** Adds the package's notes as words: duplicates, broken notes and those past the limit are skipped. */
  async import(caller: Caller, id: string, file: string): Promise<ImportResult> {
    // Another user's dictionary is a 404 before the package is read (importWords checks again, locked).
    const { userId } = await caller.session();
    if (!(await this.repository.find(userId, id))) throw notFound();
    const read = await readPackage(file);
    return this.dictionaries.importWords(caller, id, {
      skipInvalid: true,
      words: read.notes.map(({ term, definitions, examples }) => ({ term, definitions, examples })),
    });
  }

  /** The dictionary as a package: one deck named after it, one note per word. */
  async export(caller: Caller, id: string): Promise<{ name: string; apkg: Uint8Array }> {
    const { dictionary } = await this.dictionaries.export(caller, id);
    const apkg = await writeAnkiPackage({
      deckName: dictionary.name,
      words: dictionary.words.map((word) => ({
        term: word.term,
        definitions: word.definitions,
        examples: word.examples,
      })),
      now: this.clock(),
    });
    return { name: dictionary.name, apkg };
  }
}

const toEntry = ({ line, term, definitions, examples }: AnkiPackage['notes'][number]): ParsedEntry => ({
  line,
  term,
  definitions,
  examples,
});

/** The package from its base64; anything unreadable is the localized 400 `INVALID_ANKI_PACKAGE`. */
async function readPackage(file: string): Promise<AnkiPackage> {
  try {
    return await readAnkiPackage(Buffer.from(file, 'base64'));
  } catch (error) {
    if (error instanceof AnkiPackageError) throw new AppError('INVALID_ANKI_PACKAGE', {}, { cause: error });
    throw error;
  }
}
