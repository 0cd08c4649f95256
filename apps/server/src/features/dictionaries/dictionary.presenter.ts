import type { Dictionary, Word } from '@wordhoard/shared';
import { toWordAudio, toWordPicture, type WordMediaRefs } from '../../domain/media';
import type { DictionaryRow, WordRow } from './dictionaries.repository';

export function toDictionaryDto(row: DictionaryRow): Dictionary {
  return {
    id: row.id,
    name: row.name,
    fromLanguage: row.fromLanguage,
    toLanguage: row.toLanguage,
    wordsCount: row.wordsCount,
    examDate: row.examDate,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A word with its picture and recording (docs/decisions/0063-word-media.md). */
export function toWordDto(row: WordRow, media: WordMediaRefs): Word {
  return {
    id: row.id,
    term: row.term,
    definitions: row.definitions,
    examples: row.examples,
    version: row.version,
    suspended: row.suspendedAt !== null,
    picture: toWordPicture(media.picture),
    audio: toWordAudio(media.audio),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
