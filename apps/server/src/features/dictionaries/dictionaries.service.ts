import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { Caller } from '../../domain/caller';
import {
  DEFAULT_SORTING_CONFIGS,
  ROLE_LIMITS,
  type RoleLimitsTable,
  termKey,
  type Dictionary,
  type DictionaryExport,
  type ImportResult,
  type Role,
  type DictionaryList,
  type DictionaryWithWords,
  type UpdatedDictionary,
  type Word,
  type createDictionaryBodySchema,
  type dictionariesQuerySchema,
  type dictionaryQuerySchema,
  type importDictionaryBodySchema,
  type importWordsBodySchema,
  type updateDictionaryBodySchema,
} from '@wordhoard/shared';
import type { z } from 'zod';
import { AppError, limitReached, notFound } from '../../domain/errors';
import { JsonText } from '../../domain/json-text';
import { NO_MEDIA } from '../../domain/media';
import { keysetPages, StreamedArray } from '../../domain/streamed';
import type {
  DictionariesRepository,
  DictionaryRow,
  WordCursor,
  WordPageRow,
  WordRow,
} from './dictionaries.repository';
import type { WordPagesRepository } from './word-pages.repository';
import type { WordsRepository } from './words.repository';
import { answerFormsOf, termFormsOf } from './answer-forms';
import { judgeImport, type ImportCandidate, type NewWord } from './word-import';
import { toDictionaryDto, toWordDto } from './dictionary.presenter';

type ListQuery = z.output<typeof dictionariesQuerySchema>;
type PageQuery = z.output<typeof dictionaryQuerySchema>;
type CreateBody = z.output<typeof createDictionaryBodySchema>;
type UpdateBody = z.output<typeof updateDictionaryBodySchema>;
type ImportDictionaryBody = z.output<typeof importDictionaryBodySchema>;
type ImportWordsBody = z.output<typeof importWordsBodySchema>;
type Tx = Parameters<Parameters<DictionariesRepository['transaction']>[0]>[0];

/**
 * Words whose answer forms are computed per statement. A job run goes on until none is left
 * (20 million words: tens of minutes, not the days a cap per run would make it), giving way to
 * requests between statements.
 */
const ANSWER_FORMS_BATCH = 500;

/**
 * Words read per page by the exports: at most 500, so that their media are looked up by id
 * (`mediaOf`), not as all of the owner's.
 */
const EXPORT_PAGE_WORDS = 500;

/** A dictionary as the exports carry it: its words streamed (decision 0076). */
export type ExportedDictionary = Omit<DictionaryExport['dictionary'], 'words'> & {
  words: StreamedArray<Word>;
};
/** The JSON export of one dictionary, its words streamed. */
export type DictionaryExportStream = Omit<DictionaryExport, 'dictionary'> & {
  dictionary: ExportedDictionary;
};

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

export class DictionariesService {
  constructor(
    private readonly repository: DictionariesRepository,
    private readonly words: WordsRepository,
    /** A dictionary's words a page at a time: the screen's page, the exports' pages. */
    private readonly pages: WordPagesRepository,
    private readonly clock: () => Date,
    /** Each role's limits on this instance (the free plan's may be raised: config.limits). */
    private readonly limits: RoleLimitsTable = ROLE_LIMITS,
  ) {}

  /** The caller's dictionaries, found through their session in one query. */
  async list(caller: Caller, query: ListQuery): Promise<DictionaryList> {
    const page = { page: query.page, limit: query.limit };
    const listed = await this.repository.listForCaller(caller.params, {
      ...(query.search ? { search: query.search } : {}),
      sort: query.sort ?? DEFAULT_SORTING_CONFIGS.dictionariesSort,
      direction: query.direction ?? DEFAULT_SORTING_CONFIGS.dictionariesSortDirection,
      ...page,
    });
    if (!listed) {
      // A page past the end: no row said whose session it was.
      const { userId } = await caller.session();
      return { data: [], total: await this.repository.count(userId, query.search), ...page };
    }
    await caller.admit(listed.session);
    return { data: listed.rows.map(toDictionaryDto), total: listed.total, ...page };
  }

  /** The role's dictionary limit holds even for concurrent creates: the owner row is locked. */
  async create(caller: Caller, body: CreateBody): Promise<Dictionary> {
    const { userId } = await caller.session();
    const { dictionary } = await this.repository.transaction((tx) =>
      this.insertWithinLimit(tx, userId, {
        name: body.name,
        fromLanguage: body.fromLanguage,
        toLanguage: body.toLanguage,
        // Any valid day, even a past one (see `update`).
        examDate: body.examDate ?? null,
      }),
    );
    return toDictionaryDto(dictionary);
  }

  /**
   * A new dictionary, if the owner's role allows one more (SPEC §4): the owner row is locked
   * first, so concurrent creates and imports cannot pass the limit together.
   */
  private async insertWithinLimit(
    tx: Tx,
    userId: string,
    values: Pick<CreateBody, 'name' | 'fromLanguage' | 'toLanguage' | 'examDate'>,
  ): Promise<{ role: Role; dictionary: DictionaryRow }> {
    const role = await this.repository.lockOwner(tx, userId);
    if (!role) throw new AppError('UNAUTHORIZED');
    const limit = this.limits[role].dictionaries;
    if ((await this.repository.countForUser(tx, userId)) >= limit) {
      throw limitReached('MAX_DICTIONARIES', { role, limit });
    }
    const now = this.clock();
    const dictionary = await this.repository.insert(tx, {
      userId,
      ...values,
      createdAt: now,
      updatedAt: now,
    });
    return { role, dictionary };
  }

  /** One of the caller's dictionaries with a page of its words, in one query with their session. */
  async get(caller: Caller, id: string, query: PageQuery): Promise<JsonText<DictionaryWithWords>> {
    const result = await this.pages.pageOfWords(caller.params, id, {
      ...(query.search ? { search: query.search } : {}),
      sort: query.sort ?? DEFAULT_SORTING_CONFIGS.dictionaryWordsSort,
      direction: query.direction ?? DEFAULT_SORTING_CONFIGS.dictionaryWordsSortDirection,
      page: query.page,
      limit: query.limit,
    });
    await caller.admit(result?.session);
    const found = result?.found;
    if (!found) throw notFound();
    // The words stay the JSON text the query wrote (domain/json-text.ts).
    return JsonText.withMember(
      { ...toDictionaryDto(found.dictionary), page: query.page, limit: query.limit, total: found.total },
      'words',
      found.wordsJson,
    );
  }

  async getWord(caller: Caller, id: string, wordId: string): Promise<Word> {
    const { userId } = await caller.session();
    const word = await this.words.findWord(userId, id, wordId);
    if (!word) throw notFound();
    return this.withMedia(userId, word);
  }

  /**
   * Sets a word aside (left out of tests and due counts) or brings it back. Suspending an
   * already suspended word keeps when it was first suspended, so a repeated or concurrent
   * request changes nothing. It is not an edit of the word: `updatedAt` stays as it was.
   */
  async suspendWord(caller: Caller, id: string, wordId: string, suspended: boolean): Promise<Word> {
    const { userId } = await caller.session();
    const word = await this.words.setSuspended(userId, id, wordId, suspended, this.clock());
    if (!word) throw notFound();
    return this.withMedia(userId, word);
  }

  private async withMedia(userId: string, word: WordRow): Promise<Word> {
    const media = await this.words.mediaOf(userId, [word.id]);
    return toWordDto(word, media.get(word.id) ?? NO_MEDIA);
  }

  async delete(caller: Caller, id: string): Promise<void> {
    const { userId } = await caller.session();
    if (!(await this.repository.delete(userId, id))) throw notFound();
  }

  /**
   * Info and a batch of word changes in one transaction: either all of it is saved or none.
   * The dictionary row is locked, so concurrent batches cannot pass the word limit together.
   */
  async update(caller: Caller, id: string, body: UpdateBody): Promise<UpdatedDictionary> {
    const { userId } = await caller.session();
    const creates = body.words?.create ?? [];
    const updates = body.words?.update ?? [];
    const deleteIds = [...new Set(body.words?.delete ?? [])];
    const updateIds = updates.map((update) => update.id);
    if (
      new Set(updateIds).size !== updateIds.length ||
      updateIds.some((wordId) => deleteIds.includes(wordId))
    ) {
      throw new AppError('BAD_REQUEST');
    }

    try {
      const row = await this.repository.transaction(async (tx) => {
        const role = await this.repository.lockOwner(tx, userId);
        const dictionary = await this.repository.lockDictionary(tx, userId, id);
        if (!role || !dictionary) throw notFound();

        const touched = await this.words.wordsByIds(tx, id, [...updateIds, ...deleteIds]);
        if (touched.length !== updateIds.length + deleteIds.length) throw notFound();

        // Terms that will exist after the batch must be unique, within it and against the rest.
        const renamed = updates.filter((update) => update.term !== undefined);
        const incoming = [
          ...renamed.map((update) => update.term ?? ''),
          ...creates.map((create) => create.term),
        ];
        const seen = new Map<string, string>();
        for (const term of incoming) {
          if (seen.has(termKey(term))) throw new AppError('DUPLICATE_TERM', { term });
          seen.set(termKey(term), term);
        }
        const clash = await this.words.existingTerms(
          tx,
          id,
          [...seen.keys()],
          [...renamed.map((update) => update.id), ...deleteIds],
        );
        if (clash[0] !== undefined) throw new AppError('DUPLICATE_TERM', { term: clash[0] });

        const wordsCount = dictionary.wordsCount - deleteIds.length + creates.length;
        if (creates.length > 0 && wordsCount > this.limits[role].wordsPerDictionary)
          throw limitReached('MAX_WORDS', { role, limit: this.limits[role].wordsPerDictionary });

        const now = this.clock();
        await this.words.deleteWords(tx, id, deleteIds);
        for (const update of updates) {
          const saved = await this.words.updateWord(
            tx,
            id,
            update.id,
            {
              ...(update.term !== undefined ? { term: update.term, termKey: termKey(update.term) } : {}),
              ...(update.definitions !== undefined ? { definitions: update.definitions } : {}),
              ...(update.examples !== undefined ? { examples: update.examples } : {}),
              updatedAt: now,
            },
            update.version,
          );
          // Another edit of this word got in since the learner loaded it: theirs stays, this
          // whole batch is refused (decision 0060).
          if (!saved) throw new AppError('WORD_CHANGED');
        }
        const createdWordIds = await this.words.insertWords(
          tx,
          creates.map((create, index) => {
            // A millisecond apart, so "sort by creation" keeps the order they were typed in.
            const createdAt = new Date(now.getTime() + index);
            return {
              dictionaryId: id,
              term: create.term,
              termKey: termKey(create.term),
              definitions: create.definitions,
              examples: create.examples ?? [],
              createdAt,
              updatedAt: createdAt,
            };
          }),
        );
        const updated = await this.repository.update(tx, id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.fromLanguage !== undefined ? { fromLanguage: body.fromLanguage } : {}),
          ...(body.toLanguage !== undefined ? { toLanguage: body.toLanguage } : {}),
          // Undefined leaves it, null clears it. Any valid day is taken, even a past one: the
          // learner's own clock and time zone may be a day off UTC, an exam that has passed is
          // harmless (the cap stops applying from its eve), and refusing it would need a
          // validation message the contract does not have.
          ...(body.examDate !== undefined ? { examDate: body.examDate } : {}),
          wordsCount,
          updatedAt: now,
        });
        return { updated, createdWordIds };
      });
      return { ...toDictionaryDto(row.updated), createdWordIds: row.createdWordIds };
    } catch (error) {
      // Safety net: the unique index is the final word on duplicates.
      if (isUniqueViolation(error)) throw new AppError('DUPLICATE_TERM', { term: '' });
      throw error;
    }
  }

  /**
   * Adds imported words in one transaction (docs/decisions/0012-data-portability.md): a term
   * seen earlier in the import or already in the dictionary is skipped and reported; more
   * words than the role allows refuse the whole import. Nothing is saved on a refusal. With
   * `skipInvalid` each word is judged here (the contract let any text through): invalid words
   * and those past the word limit are skipped and reported too, and the rest is saved.
   */
  async importWords(caller: Caller, id: string, body: ImportWordsBody): Promise<ImportResult> {
    const { userId } = await caller.session();
    return this.guardDuplicates(() =>
      this.repository.transaction(async (tx) => {
        const role = await this.repository.lockOwner(tx, userId);
        const dictionary = await this.repository.lockDictionary(tx, userId, id);
        if (!role || !dictionary) throw notFound();
        return this.addWords(tx, role, dictionary, body);
      }),
    );
  }

  /** A new dictionary and its words, in one transaction: both limits hold, or nothing is saved. */
  async importDictionary(caller: Caller, body: ImportDictionaryBody): Promise<ImportResult> {
    const { userId } = await caller.session();
    return this.guardDuplicates(() =>
      this.repository.transaction(async (tx) => {
        const { role, dictionary } = await this.insertWithinLimit(tx, userId, {
          name: body.name,
          fromLanguage: body.fromLanguage,
          toLanguage: body.toLanguage,
          // An imported file carries no exam: the learner sets one on the new dictionary.
          examDate: null,
        });
        return this.addWords(tx, role, dictionary, body);
      }),
    );
  }

  private async addWords(
    tx: Tx,
    role: Role,
    dictionary: DictionaryRow,
    body: ImportWordsBody,
  ): Promise<ImportResult> {
    const skipped: ImportResult['skipped'] = [];
    const fresh = new Map<string, ImportCandidate>();
    for (const candidate of judgeImport(body, skipped)) {
      const key = termKey(candidate.word.term);
      const first = fresh.get(key);
      if (first) {
        skipped.push({
          term: candidate.word.term,
          reason: 'duplicateInFile',
          index: candidate.index,
          firstIndex: first.index,
        });
      } else fresh.set(key, candidate);
    }
    const existing = new Set(
      (await this.words.existingTerms(tx, dictionary.id, [...fresh.keys()], [])).map(termKey),
    );
    let room = Math.max(0, this.limits[role].wordsPerDictionary - dictionary.wordsCount);
    const toInsert: NewWord[] = [];
    for (const [key, { index, word }] of fresh) {
      if (existing.has(key)) skipped.push({ term: word.term, reason: 'alreadyInDictionary', index });
      else if (body.skipInvalid && room === 0)
        skipped.push({ term: word.term, reason: 'overWordLimit', index });
      else {
        toInsert.push(word);
        room -= 1;
      }
    }
    skipped.sort((a, b) => a.index - b.index);
    const wordsCount = dictionary.wordsCount + toInsert.length;
    if (toInsert.length > 0 && wordsCount > this.limits[role].wordsPerDictionary)
      throw limitReached('MAX_WORDS', { role, limit: this.limits[role].wordsPerDictionary });
    if (toInsert.length === 0)
      return { dictionary: toDictionaryDto(dictionary), imported: 0, skipped, wordIds: [] };

    const now = this.clock();
    const wordIds = await this.words.insertWords(
      tx,
      toInsert.map((word, index) => {
        // A millisecond apart, so "sort by creation" keeps the file's order.
        const createdAt = new Date(now.getTime() + index);
        return {
          dictionaryId: dictionary.id,
          term: word.term,
          termKey: termKey(word.term),
          definitions: word.definitions,
          examples: word.examples ?? [],
          createdAt,
          updatedAt: createdAt,
        };
      }),
    );
    const row = await this.repository.update(tx, dictionary.id, { wordsCount, updatedAt: now });
    return { dictionary: toDictionaryDto(row), imported: toInsert.length, skipped, wordIds };
  }

  /** The unique index is the final word on duplicates (two imports racing). */
  private async guardDuplicates<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('DUPLICATE_TERM', { term: '' });
      throw error;
    }
  }

  /**
   * Every dictionary of a user with all of its words, as the account export carries them: the
   * words are read a page at a time while the export is written (decision 0076).
   */
  async allWithWords(userId: string): Promise<ExportedDictionary[]> {
    const dictionaries = await this.repository.allForUser(userId);
    return dictionaries.map((dictionary) => ({
      ...toDictionaryDto(dictionary),
      words: this.wordsOf(userId, dictionary.id),
    }));
  }

  /** A dictionary's words, oldest first, with their media, a page at a time. */
  private wordsOf(userId: string, dictionaryId: string): StreamedArray<Word> {
    return new StreamedArray(() =>
      keysetPages<WordPageRow, WordCursor>(
        EXPORT_PAGE_WORDS,
        (after, limit) => this.pages.wordsPage(dictionaryId, after, limit),
        (word) => ({ at: word.cursorAt, id: word.id }),
      ),
    ).map(async (words) => {
      const media = await this.words.mediaOf(
        userId,
        words.map((word) => word.id),
      );
      return words.map((word) => toWordDto(word, media.get(word.id) ?? NO_MEDIA));
    });
  }

  /**
   * Computes the answer forms of words that have none yet (rows from before migration 0016 or
   * from a grading-rules change, raw inserts), `batchSize` at a time (at most `maxBatches`
   * batches), one statement each, so that no call holds the embedded database for long. Safe
   * with several instances: a word is only written if it is still at the version read.
   */
  async fillAnswerForms(
    batchSize = ANSWER_FORMS_BATCH,
    maxBatches = Number.POSITIVE_INFINITY,
  ): Promise<{ filled: number; remaining: boolean }> {
    let filled = 0;
    for (let batch = 0; batch < maxBatches; batch += 1) {
      // Requests waiting on the event loop (and, on PGlite, on the one connection) go first.
      if (batch > 0) await yieldToRequests();
      const missing = await this.words.wordsMissingForms(batchSize);
      if (missing.length === 0) return { filled, remaining: false };
      filled += await this.words.saveAnswerForms(
        missing.map((word) => ({
          id: word.id,
          version: word.version,
          answerForms: answerFormsOf(word.definitions),
          termForms: termFormsOf(word.term),
        })),
      );
      if (missing.length < batchSize) return { filled, remaining: false };
    }
    return { filled, remaining: true };
  }

  /**
   * A dictionary with all of its words, oldest first, as the JSON export carries it; the words
   * are read a page at a time while the answer is written (decision 0076). 404 before anything.
   */
  async export(caller: Caller, id: string): Promise<DictionaryExportStream> {
    const { userId } = await caller.session();
    const dictionary = await this.repository.find(userId, id);
    if (!dictionary) throw notFound();
    return {
      format: 'wordhoard.dictionary',
      version: 1,
      exportedAt: this.clock().toISOString(),
      dictionary: { ...toDictionaryDto(dictionary), words: this.wordsOf(userId, id) },
    };
  }
}
