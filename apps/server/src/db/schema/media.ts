import { index, integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tz } from './columns';
import { users } from './accounts';
import { words } from './dictionaries';

// Word pictures and recordings, and the blobs left to delete.

export type MediaKind = 'picture' | 'audio';

/**
 * A word's picture or recorded pronunciation (docs/decisions/0063-word-media.md): one of each
 * kind per word, its bytes in the blob store under `storage_key`. Deleting a row, by cascade
 * too (word, dictionary, account), queues its blob in `blob_deletions` (trigger, migration 0015).
 */
export const wordMedia = pgTable(
  'word_media',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wordId: uuid('word_id')
      .notNull()
      .references(() => words.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MediaKind>().notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    /** Pictures: the stored (re-encoded) size in pixels. */
    width: integer('width'),
    height: integer('height'),
    /** Recordings: the length the container says. */
    durationMs: integer('duration_ms'),
    storageKey: text('storage_key').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('word_media_storage_key').on(t.storageKey),
    uniqueIndex('word_media_word_kind_key').on(t.wordId, t.kind),
    index('word_media_owner_idx').on(t.ownerId),
  ],
);

/**
 * Blobs whose row is gone, for the blob sweep to delete from the store: filled by the
 * `word_media` AFTER DELETE trigger, drained with `FOR UPDATE SKIP LOCKED` and a lease.
 */
export const blobDeletions = pgTable(
  'blob_deletions',
  {
    storageKey: text('storage_key').primaryKey(),
    /** An instance deleting it until then (a crashed run's claim runs out). */
    claimedUntil: tz('claimed_until'),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('blob_deletions_created_idx').on(t.createdAt)],
);

/** What a word's media reference carries (no bytes): read wherever words are shown. */
export const wordMediaRefColumns = {
  wordId: wordMedia.wordId,
  id: wordMedia.id,
  kind: wordMedia.kind,
  width: wordMedia.width,
  height: wordMedia.height,
  durationMs: wordMedia.durationMs,
};
