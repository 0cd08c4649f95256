import {
  AUDIO_MAX_BYTES,
  MAX_IMPORT_WORDS,
  PICTURE_MAX_BYTES,
  ROLE_LIMITS,
  type RoleLimitsTable,
  VALIDATION_KEYS,
  previewImport,
  termKey,
  type AnkiPreview,
  type ImportResult,
  type ParsedEntry,
} from '@wordhoard/shared';
import type { Caller } from '../../domain/caller';
import { AppError, notFound } from '../../domain/errors';
import { ankiPackageParts } from './anki/anki-export';
import {
  AnkiPackageError,
  MAX_NOTES,
  packageEntries,
  readMediaFile,
  type AnkiPackage,
} from './anki/anki-package';
import { AnkiPackageTooComplexError, type AnkiReader } from './anki/anki-reader';
import type { DictionariesRepository } from './dictionaries.repository';
import type { WordsRepository } from './words.repository';
import type { DictionariesService } from './dictionaries.service';
import type { MediaService } from '../media/media.service';

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
    private readonly words: WordsRepository,
    private readonly clock: () => Date,
    /** Pictures and sounds of notes become the words' media (docs/decisions/0063-word-media.md). */
    private readonly media: MediaService,
    /** Reads packages in worker threads, behind a gate (decision 0077). */
    private readonly reader: AnkiReader,
    private readonly limits: RoleLimitsTable = ROLE_LIMITS,
  ) {}

  /** What importing the package would do; nothing is saved. */
  async preview(caller: Caller, id: string, file: Upload): Promise<AnkiPreview> {
    const { userId, role } = await caller.session();
    const dictionary = await this.repository.find(userId, id);
    if (!dictionary) throw notFound();
    const read = await this.readPackage(userId, file.bytes);
    const entries = read.notes.map(toEntry);
    const existingTerms = await this.repository.transaction((tx) =>
      this.words.existingTerms(
        tx,
        dictionary.id,
        [...new Set(entries.map((entry) => termKey(entry.term)))],
        [],
      ),
    );
    const judged = previewImport(entries, {
      existingTerms,
      existingCount: dictionary.wordsCount,
      wordLimit: this.limits[role].wordsPerDictionary,
    });
    const counts = { total: judged.rows.length, ready: 0, skipped: 0, overLimit: 0, invalid: 0 };
    for (const row of judged.rows) {
      if (row.status === 'ready') counts.ready += 1;
      else if (row.status === 'skipped') counts.skipped += 1;
      else if (row.problems.some((problem) => problem.message.startsWith(VALIDATION_KEYS.overWordLimit)))
        counts.overLimit += 1;
      else counts.invalid += 1;
    }
    // What `importMedia` would take along: the first picture and sound of each note added.
    let pictures = 0;
    let sounds = 0;
    judged.rows.forEach((row, index) => {
      const note = read.notes[index];
      if (row.status !== 'ready' || !note) return;
      if (note.pictures.some((name) => read.media.has(name))) pictures += 1;
      if (note.sounds.some((name) => read.media.has(name))) sounds += 1;
    });
    return {
      deck: read.deck,
      media: read.media.size,
      pictures,
      sounds,
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

  /** The package read in a worker; anything unreadable is the localized 400 `INVALID_ANKI_PACKAGE`. */
  private async readPackage(userId: string, bytes: Uint8Array): Promise<AnkiPackage> {
    try {
      return await this.reader.read(userId, bytes);
    } catch (error) {
      if (error instanceof AnkiPackageError) throw new AppError('INVALID_ANKI_PACKAGE', {}, { cause: error });
      if (error instanceof AnkiPackageTooComplexError) {
        throw new AppError(
          'ANKI_PACKAGE_TOO_COMPLEX',
          { notes: MAX_NOTES, seconds: Math.round(this.reader.timeoutMs / 1000) },
          { cause: error },
        );
      }
      throw error;
    }
  }

  /**
   * Adds the package's notes as words: duplicates, broken notes and those past the limit are
   * skipped. The pictures and sounds of the notes it added come along (decision 0063): a note's
   * first `<img>` becomes its word's picture, its first `[sound:…]` its recording, each checked
   * and stored as an upload is; a file we cannot take, or past the quota, is left out.
   */
  async import(caller: Caller, id: string, file: Upload): Promise<ImportResult> {
    // Another user's dictionary is a 404 before the package is read (importWords checks again, locked).
    const { userId } = await caller.session();
    if (!(await this.repository.find(userId, id))) throw notFound();
    const bytes = file.bytes;
    const read = await this.readPackage(userId, bytes);
    const result = await this.dictionaries.importWords(caller, id, {
      skipInvalid: true,
      words: read.notes.map(({ term, definitions, examples }) => ({ term, definitions, examples })),
    });
    const skipped = new Set(result.skipped.map((entry) => entry.index));
    // The notes saved, in order, each with the id its word got: the media go by id.
    const added = read.notes
      .filter((_note, index) => !skipped.has(index))
      .map((note, index) => ({ note, wordId: result.wordIds[index] }));
    await this.importMedia(userId, id, bytes, read.media, added);
    return result;
  }

  private async importMedia(
    userId: string,
    dictionaryId: string,
    bytes: Uint8Array,
    map: AnkiPackage['media'],
    added: readonly { note: AnkiPackage['notes'][number]; wordId: string | undefined }[],
  ): Promise<void> {
    const wanted = added.flatMap(({ note, wordId }) => {
      const picture = note.pictures.map((name) => map.get(name)).find((entry) => entry !== undefined);
      const sound = note.sounds.map((name) => map.get(name)).find((entry) => entry !== undefined);
      return wordId && (picture || sound) ? [{ wordId, picture, sound }] : [];
    });
    if (wanted.length === 0) return;
    // The directory was checked in the worker; reading it again here costs a few milliseconds.
    const entries = packageEntries(bytes);
    for (const { wordId, picture, sound } of wanted) {
      for (const [kind, name] of [
        ['picture', picture],
        ['audio', sound],
      ] as const) {
        // One file at a time, each inflated to at most the largest upload: never the package's
        // media all at once (a crafted package can point many names at one block; decision 0077).
        const max = kind === 'picture' ? PICTURE_MAX_BYTES : AUDIO_MAX_BYTES;
        const data = name === undefined ? undefined : await readMediaFile(bytes, entries, name, max);
        if (!data) continue;
        // Past the quota nothing more fits: the rest of the words go without.
        if ((await this.media.attachImported(userId, dictionaryId, wordId, kind, data)) === 'full') return;
      }
    }
  }

  /**
   * The dictionary as a package: one deck named after it, one note per word, with the words'
   * pictures and recordings as the package's media (decision 0063), written while it is sent
   * (decision 0076). 404 before anything.
   */
  async export(caller: Caller, id: string): Promise<{ name: string; apkg: () => AsyncIterable<Uint8Array> }> {
    const { userId } = await caller.session();
    const { dictionary } = await this.dictionaries.export(caller, id);
    const media = await this.media.packageFilesOf(userId, id);
    const now = this.clock();
    const words = dictionary.words.map((page) =>
      page.map((word) => {
        const names = media.names.get(word.id);
        return {
          term: word.term,
          definitions: word.definitions,
          examples: word.examples,
          ...(names?.picture ? { picture: names.picture } : {}),
          ...(names?.audio ? { audio: names.audio } : {}),
        };
      }),
    );
    return {
      name: dictionary.name,
      apkg: () =>
        ankiPackageParts({ deckName: dictionary.name, now, media: media.files(), words: words.pages() }),
    };
  }
}

const toEntry = ({ line, term, definitions, examples }: AnkiPackage['notes'][number]): ParsedEntry => ({
  line,
  term,
  definitions,
  examples,
});

/** The package as an upload hands it over. */
export interface Upload {
  bytes: Uint8Array;
}
