import { API_PREFIX, type WordAudio, type WordPicture } from '@wordhoard/shared';

/**
 * A word's picture and recording as the database keeps them (docs/decisions/0063-word-media.md):
 * each is served from its own id, which changes on every upload.
 */
export interface WordMediaRefs {
  picture: { id: string; width: number; height: number } | null;
  audio: { id: string; durationMs: number } | null;
}

export const NO_MEDIA: WordMediaRefs = { picture: null, audio: null };

/** Where the owner's browser fetches a media file (GET /api/media/:mediaId). */
export const MEDIA_URL_PREFIX = `${API_PREFIX}/media/`;
export const mediaUrl = (id: string): string => `${MEDIA_URL_PREFIX}${id}`;

export function toWordPicture(picture: WordMediaRefs['picture']): WordPicture | null {
  return picture && { url: mediaUrl(picture.id), width: picture.width, height: picture.height };
}

export function toWordAudio(audio: WordMediaRefs['audio']): WordAudio | null {
  return audio && { url: mediaUrl(audio.id), durationMs: audio.durationMs };
}

/** What a media row says of its word's file (the repositories read these columns). */
export interface MediaRefRow {
  wordId: string;
  id: string;
  kind: 'picture' | 'audio';
  width: number | null;
  height: number | null;
  durationMs: number | null;
}

/** The media of each of `wordIds` (none for a word without a row). */
export function refsByWord(
  wordIds: readonly string[],
  rows: readonly MediaRefRow[],
): Map<string, WordMediaRefs> {
  const found = new Map<string, WordMediaRefs>(wordIds.map((id) => [id, NO_MEDIA]));
  for (const row of rows) {
    const refs = found.get(row.wordId) ?? NO_MEDIA;
    found.set(
      row.wordId,
      row.kind === 'picture'
        ? { ...refs, picture: { id: row.id, width: row.width ?? 0, height: row.height ?? 0 } }
        : { ...refs, audio: { id: row.id, durationMs: row.durationMs ?? 0 } },
    );
  }
  return found;
}
