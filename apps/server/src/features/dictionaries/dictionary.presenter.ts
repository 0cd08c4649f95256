import type { Dictionary, Word } from '@wordhoard/shared';
import type { DictionaryRow, WordRow } from './dictionaries.repository';

export function toDictionaryDto(row: DictionaryRow): Dictionary {
  return {
    id: row.id,
    name: row.name,
    fromLanguage: row.fromLanguage,
    toLanguage: row.toLanguage,
    wordsCount: row.wordsCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What a word's DTO is made of (a page selects only these columns). */
export type WordFields = Pick<WordRow, 'id' | 'term' | 'definitions' | 'createdAt' | 'updatedAt'>;

export function toWordDto(row: WordFields): Word {
  return {
    id: row.id,
    term: row.term,
    definitions: row.definitions,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
