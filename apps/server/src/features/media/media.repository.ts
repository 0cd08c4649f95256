import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Role } from '@wordhoard/shared';
import type { Db } from '../../db/database';
import {
  wordMediaRefColumns,
  blobDeletions,
  dictionaries,
  users,
  wordColumns,
  wordMedia,
  words,
  type MediaKind,
} from '../../db/schema';
import { ownWord } from '../../db/ownership';
import { refsByWord, type WordMediaRefs } from '../../domain/media';

export type MediaRow = typeof wordMedia.$inferSelect;
/** What a package needs of a media row to name and read its file. */
export type PackageMediaRow = Pick<MediaRow, 'id' | 'wordId' | 'kind' | 'contentType' | 'storageKey'>;
export type NewMediaRow = typeof wordMedia.$inferInsert;
type WordRow = Omit<typeof words.$inferSelect, 'answerForms' | 'termForms'>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Word pictures and recordings (docs/decisions/0063-word-media.md). Every query names the
 * owner: another user's ids find nothing. Deleting a row queues its blob (trigger, migration 0015).
 */
export class MediaRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The owner's word in the owner's dictionary (a cheap check before an upload is processed). */
  async ownsWord(userId: string, dictionaryId: string, wordId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: words.id })
      .from(words)
      .innerJoin(dictionaries, eq(dictionaries.id, words.dictionaryId))
      .where(ownWord(userId, dictionaryId, wordId))
      .limit(1);
    return row !== undefined;
  }

  /**
   * Locks the owner's row: uploads of one account are counted against its quota one after
   * another, so two at once cannot pass it together.
   */
  async lockOwner(tx: Tx, userId: string): Promise<Role | undefined> {
    const [row] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for('update');
    return row?.role;
  }

  /** Locks the owner's word (an edit of it waits, as edits of one word do). */
  async lockWord(tx: Tx, userId: string, dictionaryId: string, wordId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: words.id })
      .from(words)
      .innerJoin(dictionaries, eq(dictionaries.id, words.dictionaryId))
      .where(ownWord(userId, dictionaryId, wordId))
      .for('update', { of: words });
    return row !== undefined;
  }

  /** Bytes the owner's media take now. */
  async usedBytes(tx: Tx | Db, userId: string): Promise<number> {
    const [row] = await tx
      .select({ used: sql<string>`coalesce(sum(${wordMedia.bytes}), 0)::bigint` })
      .from(wordMedia)
      .where(eq(wordMedia.ownerId, userId));
    return Number(row?.used ?? 0);
  }

  async usage(userId: string): Promise<{ role: Role; usedBytes: number } | undefined> {
    const [row] = await this.db
      .select({
        role: users.role,
        // Written with explicit names: Drizzle does not qualify columns inside a subquery.
        used: sql<string>`(select coalesce(sum(owned.bytes), 0) from word_media owned where owned.owner_id = "users"."id")::bigint`,
      })
      .from(users)
      .where(eq(users.id, userId));
    return row && { role: row.role, usedBytes: Number(row.used) };
  }

  async ofWord(tx: Tx | Db, userId: string, wordId: string): Promise<MediaRow[]> {
    return tx
      .select()
      .from(wordMedia)
      .where(and(eq(wordMedia.wordId, wordId), eq(wordMedia.ownerId, userId)));
  }

  /** Removes the word's file of `kind` (its blob is queued by the trigger); false if it had none. */
  async remove(tx: Tx, userId: string, wordId: string, kind: MediaKind): Promise<boolean> {
    const removed = await tx
      .delete(wordMedia)
      .where(and(eq(wordMedia.wordId, wordId), eq(wordMedia.ownerId, userId), eq(wordMedia.kind, kind)))
      .returning({ id: wordMedia.id });
    return removed.length > 0;
  }

  async insert(tx: Tx, row: NewMediaRow): Promise<void> {
    await tx.insert(wordMedia).values(row);
  }

  async wordsOf(tx: Tx, wordIds: readonly string[]): Promise<WordRow[]> {
    return tx
      .select(wordColumns)
      .from(words)
      .where(inArray(words.id, [...wordIds]));
  }

  /** Bumps the word's version and `updatedAt`, as every edit of it does. */
  async touchWord(tx: Tx, wordId: string, now: Date): Promise<WordRow> {
    const [row] = await tx
      .update(words)
      .set({ version: sql`${words.version} + 1`, updatedAt: now })
      .where(eq(words.id, wordId))
      .returning(wordColumns);
    if (!row) throw new Error('update returned no word');
    return row;
  }

  /** The owner's media file; undefined for anyone else's id. */
  async findForOwner(userId: string, mediaId: string): Promise<MediaRow | undefined> {
    const [row] = await this.db
      .select()
      .from(wordMedia)
      .where(and(eq(wordMedia.id, mediaId), eq(wordMedia.ownerId, userId)))
      .limit(1);
    return row;
  }

  /** The media of several of the owner's words, by word. */
  async ofWords(
    tx: Tx | Db,
    userId: string,
    wordIds: readonly string[],
  ): Promise<Map<string, WordMediaRefs>> {
    if (wordIds.length === 0) return new Map();
    const rows = await tx
      .select(wordMediaRefColumns)
      .from(wordMedia)
      .where(and(eq(wordMedia.ownerId, userId), inArray(wordMedia.wordId, [...wordIds])));
    return refsByWord(wordIds, rows);
  }

  /** The owner's media rows of `wordIds` (an export: all of the owner's rows past 500 words). */
  async rowsOfWords(userId: string, wordIds: readonly string[]): Promise<MediaRow[]> {
    if (wordIds.length === 0) return [];
    const rows = await this.db
      .select()
      .from(wordMedia)
      .where(
        wordIds.length > 500
          ? eq(wordMedia.ownerId, userId)
          : and(eq(wordMedia.ownerId, userId), inArray(wordMedia.wordId, [...wordIds])),
      );
    const wanted = new Set(wordIds);
    return rows.filter((row) => wanted.has(row.wordId));
  }

  /** The owner's media rows of a dictionary's words, in the words' order (an Anki export). */
  async rowsOfDictionary(userId: string, dictionaryId: string): Promise<PackageMediaRow[]> {
    return this.db
      .select({
        id: wordMedia.id,
        wordId: wordMedia.wordId,
        kind: wordMedia.kind,
        contentType: wordMedia.contentType,
        storageKey: wordMedia.storageKey,
      })
      .from(wordMedia)
      .innerJoin(words, eq(words.id, wordMedia.wordId))
      .where(and(eq(wordMedia.ownerId, userId), eq(words.dictionaryId, dictionaryId)))
      .orderBy(asc(words.createdAt), asc(words.id), asc(wordMedia.kind));
  }

  /**
   * Claims up to `limit` queued blob deletions for `leaseMs`: several instances split the queue
   * (`SKIP LOCKED`), and a claim of a crashed run runs out and is taken again.
   */
  async claimDeletions(now: Date, leaseMs: number, limit: number): Promise<string[]> {
    const claimable = this.db
      .select({ key: blobDeletions.storageKey })
      .from(blobDeletions)
      .where(or(isNull(blobDeletions.claimedUntil), lt(blobDeletions.claimedUntil, now)))
      .orderBy(asc(blobDeletions.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await this.db
      .update(blobDeletions)
      .set({
        claimedUntil: new Date(now.getTime() + leaseMs),
        attempts: sql`least(${blobDeletions.attempts} + 1, 32767)`,
      })
      .where(inArray(blobDeletions.storageKey, claimable))
      .returning({ key: blobDeletions.storageKey });
    return rows.map((row) => row.key);
  }

  async finishDeletions(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db.delete(blobDeletions).where(inArray(blobDeletions.storageKey, [...keys]));
  }

  /** How many blob deletions wait (tests, metrics). */
  async pendingDeletions(): Promise<number> {
    const [row] = await this.db.select({ count: sql<number>`count(*)::int` }).from(blobDeletions);
    return row?.count ?? 0;
  }
}
