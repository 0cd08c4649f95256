import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  AUDIO_MAX_BYTES,
  AUDIO_MAX_SECONDS,
  PICTURE_MAX_BYTES,
  ROLE_LIMITS,
  type MediaUsage,
  type Word,
} from '@wordhoard/shared';
import type { Caller } from '../../domain/caller';
import { AppError, notFound } from '../../domain/errors';
import type { MediaKind } from '../../db/schema';
import { toWordDto } from '../dictionaries/dictionary.presenter';
import { AudioError, AudioTooLongError, checkAudio, sniffAudioType } from './audio';
import type { BlobStore, ByteRange } from './blob-store';
import type { MediaRepository, MediaRow, PackageMediaRow } from './media.repository';
import { PictureError, PictureTooLargeError, type PictureProcessor } from './picture';
import { RATE_LIMITS, type RateLimiter } from '../rate-limit/rate-limiter';

const MB = 1024 * 1024;

/** A file ready to be stored for a word: its bytes as kept and what the row says of it. */
export interface PreparedMedia {
  kind: MediaKind;
  bytes: Uint8Array;
  contentType: string;
  width?: number;
  height?: number;
  durationMs?: number;
}

/** A blob sweep run: how many queued blobs were deleted, and how many failed (retried later). */
export interface SweepResult {
  deleted: number;
  failed: number;
}

/** Blobs claimed per round of the sweep, and how long a claim lasts. */
const SWEEP_BATCH = 100;
const SWEEP_LEASE_MS = 5 * 60 * 1000;

/**
 * Word pictures and recordings (docs/decisions/0063-word-media.md). The bytes go to the blob
 * store first, then the row is committed in a transaction that holds the owner's row (the
 * quota is counted one upload at a time) and the word; a failed commit deletes the new blob.
 * A replaced or deleted row leaves its blob to the sweep (the trigger queues it), so nothing a
 * rolled-back transaction still refers to is ever deleted.
 */
export class MediaService {
  constructor(
    private readonly repository: MediaRepository,
    private readonly blobs: BlobStore,
    private readonly clock: () => Date,
    private readonly log: FastifyBaseLogger,
    /** Decodes pictures within a memory budget, one per account (decision 0078). */
    private readonly pictures: PictureProcessor,
    private readonly rateLimiter: RateLimiter,
  ) {}

  async putPicture(caller: Caller, dictionaryId: string, wordId: string, file: Upload): Promise<Word> {
    const { userId } = await caller.session();
    if (!(await this.repository.ownsWord(userId, dictionaryId, wordId))) throw notFound();
    await this.rateLimiter.consume(RATE_LIMITS.mediaUpload, userId);
    return this.store(userId, dictionaryId, wordId, await this.preparePicture(userId, file));
  }

  async putAudio(caller: Caller, dictionaryId: string, wordId: string, file: Upload): Promise<Word> {
    const { userId } = await caller.session();
    if (!(await this.repository.ownsWord(userId, dictionaryId, wordId))) throw notFound();
    await this.rateLimiter.consume(RATE_LIMITS.mediaUpload, userId);
    return this.store(userId, dictionaryId, wordId, await prepareAudio(file));
  }

  /**
   * Stores `media` as the word's file of its kind, replacing the one it had; the word's version
   * and `updatedAt` move as with any edit. Refused past the role's quota, counted after the
   * replaced file is gone.
   */
  async store(userId: string, dictionaryId: string, wordId: string, media: PreparedMedia): Promise<Word> {
    const id = randomUUID();
    const storageKey = `${userId}/${id}`;
    await this.blobs.put(storageKey, media.bytes, media.contentType);
    try {
      return await this.repository.transaction(async (tx) => {
        const role = await this.repository.lockOwner(tx, userId);
        if (!role) throw new AppError('UNAUTHORIZED');
        if (!(await this.repository.lockWord(tx, userId, dictionaryId, wordId))) throw notFound();
        const current = await this.repository.ofWord(tx, userId, wordId);
        const replaced = current.find((row) => row.kind === media.kind);
        const used = await this.repository.usedBytes(tx, userId);
        const quota = ROLE_LIMITS[role].mediaBytes;
        if (used - (replaced?.bytes ?? 0) + media.bytes.byteLength > quota) {
          throw new AppError('MEDIA_QUOTA_EXCEEDED', { quota: Math.floor(quota / MB) });
        }
        if (replaced) await this.repository.remove(tx, userId, wordId, media.kind);
        await this.repository.insert(tx, {
          id,
          ownerId: userId,
          wordId,
          kind: media.kind,
          contentType: media.contentType,
          bytes: media.bytes.byteLength,
          width: media.width ?? null,
          height: media.height ?? null,
          durationMs: media.durationMs ?? null,
          storageKey,
          createdAt: this.clock(),
        });
        return this.touched(tx, userId, wordId);
      });
    } catch (error) {
      // Nothing refers to the new blob: remove it now (a crash right here leaves it behind, the
      // one window the decision describes).
      await this.blobs.delete(storageKey).catch((cause: unknown) => {
        this.log.warn({ err: cause, storageKey }, 'could not delete the blob of a failed upload');
      });
      throw error;
    }
  }

  async remove(caller: Caller, dictionaryId: string, wordId: string, kind: MediaKind): Promise<Word> {
    const { userId } = await caller.session();
    return this.repository.transaction(async (tx) => {
      if (!(await this.repository.lockWord(tx, userId, dictionaryId, wordId))) throw notFound();
      // Removing what is not there changes nothing: the word comes back as it is.
      if (await this.repository.remove(tx, userId, wordId, kind)) return this.touched(tx, userId, wordId);
      const [word] = await this.repository.wordsOf(tx, [wordId]);
      if (!word) throw notFound();
      return toWordDto(word, (await this.repository.ofWords(tx, userId, [wordId])).get(wordId) ?? NO_REFS);
    });
  }

  private async touched(tx: Tx, userId: string, wordId: string): Promise<Word> {
    const word = await this.repository.touchWord(tx, wordId, this.clock());
    const media = await this.repository.ofWords(tx, userId, [wordId]);
    return toWordDto(word, media.get(wordId) ?? NO_REFS);
  }

  /** The caller's own media file; anyone else's id is the same 404 as an unknown one. */
  async find(caller: Caller, mediaId: string): Promise<MediaRow> {
    const { userId } = await caller.session();
    const row = await this.repository.findForOwner(userId, mediaId);
    if (!row) throw notFound();
    return row;
  }

  /** The bytes of a row's blob (or of a range of them); undefined if the store lost them. */
  read(row: MediaRow, range?: ByteRange): Promise<Uint8Array | undefined> {
    return this.blobs.get(row.storageKey, range);
  }

  /**
   * A picture or sound of an imported Anki note as the word's (docs/decisions/0063-word-media.md):
   * its type read from its content, then the same checks, re-encoding and quota as an upload.
   * A file we cannot take is left out ('skipped'); 'full' once the quota is reached.
   */
  async attachImported(
    userId: string,
    dictionaryId: string,
    wordId: string,
    kind: MediaKind,
    data: Uint8Array,
  ): Promise<'added' | 'skipped' | 'full'> {
    const limit = kind === 'picture' ? PICTURE_MAX_BYTES : AUDIO_MAX_BYTES;
    if (data.byteLength > limit) return 'skipped';
    const contentType = kind === 'picture' ? await this.pictures.sniff(data) : await sniffAudioType(data);
    if (!contentType) return 'skipped';
    try {
      const file = { bytes: data, contentType };
      const prepared =
        kind === 'picture' ? await this.preparePicture(userId, file) : await prepareAudio(file);
      await this.store(userId, dictionaryId, wordId, prepared);
      return 'added';
    } catch (error) {
      if (error instanceof AppError && error.code === 'MEDIA_QUOTA_EXCEEDED') return 'full';
      if (error instanceof AppError && error.statusCode === 400) return 'skipped';
      throw error;
    }
  }

  /** A picture as it is kept: re-encoded, EXIF gone; an unreadable or too large one is the localized 400. */
  private async preparePicture(userId: string, file: Upload): Promise<PreparedMedia> {
    try {
      const picture = await this.pictures.process(userId, file.bytes, file.contentType);
      return { kind: 'picture', ...picture };
    } catch (error) {
      if (error instanceof PictureTooLargeError) {
        throw new AppError('PICTURE_TOO_LARGE', { megapixels: Math.floor(error.maxPixels / 1_000_000) });
      }
      if (error instanceof PictureError) throw new AppError('INVALID_PICTURE');
      throw error;
    }
  }

  /**
   * The owner's pictures and recordings of a dictionary's words, named for a package
   * (`<id>.webp`, …): what an Anki export carries. `names` gives each word's file names now;
   * `files` reads the bytes one file at a time while the package is written (decision 0076),
   * leaving out a file the store lost.
   */
  async packageFilesOf(userId: string, dictionaryId: string): Promise<PackageMedia> {
    const rows = await this.repository.rowsOfDictionary(userId, dictionaryId);
    const nameOf = (row: PackageMediaRow) => `${row.id}.${EXTENSIONS[row.contentType] ?? 'bin'}`;
    const names = new Map<string, Partial<Record<MediaKind, string>>>();
    for (const row of rows) names.set(row.wordId, { ...names.get(row.wordId), [row.kind]: nameOf(row) });
    const blobs = this.blobs;
    return {
      names,
      async *files() {
        for (const row of rows) {
          const data = await blobs.get(row.storageKey);
          if (data) yield { name: nameOf(row), data };
        }
      },
    };
  }

  async usage(caller: Caller): Promise<MediaUsage> {
    const { userId } = await caller.session();
    const found = await this.repository.usage(userId);
    if (!found) throw new AppError('UNAUTHORIZED');
    return { usedBytes: found.usedBytes, quotaBytes: ROLE_LIMITS[found.role].mediaBytes };
  }

  /**
   * Deletes the blobs whose rows are gone (queued by the trigger), a batch at a time until the
   * queue is empty. A blob that cannot be deleted now stays queued; its claim runs out and a
   * later run tries again.
   */
  async sweep(): Promise<SweepResult> {
    const result: SweepResult = { deleted: 0, failed: 0 };
    for (;;) {
      const keys = await this.repository.claimDeletions(this.clock(), SWEEP_LEASE_MS, SWEEP_BATCH);
      if (keys.length === 0) return result;
      const done: string[] = [];
      await Promise.all(
        keys.map(async (key) => {
          try {
            await this.blobs.delete(key);
            done.push(key);
          } catch (error) {
            result.failed += 1;
            this.log.warn({ err: error, storageKey: key }, 'blob deletion failed; retried later');
          }
        }),
      );
      await this.repository.finishDeletions(done);
      result.deleted += done.length;
      if (keys.length < SWEEP_BATCH || done.length === 0) return result;
    }
  }
}

/** The media of a package: each word's file names, and the files themselves one at a time. */
export interface PackageMedia {
  names: Map<string, Partial<Record<MediaKind, string>>>;
  files(): AsyncIterable<{ name: string; data: Uint8Array }>;
}

const EXTENSIONS: Record<string, string> = {
  'image/webp': 'webp',
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/wav': 'wav',
};

type Tx = Parameters<Parameters<MediaRepository['transaction']>[0]>[0];

const NO_REFS = { picture: null, audio: null };

/** An uploaded file as the route hands it over. */
export interface Upload {
  bytes: Uint8Array;
  contentType: string;
}

/** A recording as it came, once its container and length are checked. */
export async function prepareAudio(file: Upload): Promise<PreparedMedia> {
  try {
    const { durationMs } = await checkAudio(file.bytes, file.contentType);
    return { kind: 'audio', bytes: file.bytes, contentType: file.contentType, durationMs };
  } catch (error) {
    if (error instanceof AudioTooLongError)
      throw new AppError('AUDIO_TOO_LONG', { seconds: AUDIO_MAX_SECONDS });
    if (error instanceof AudioError) throw new AppError('INVALID_AUDIO');
    throw error;
  }
}
