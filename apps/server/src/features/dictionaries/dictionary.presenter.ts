import type { Dictionary, Word } from '@wordhoard/shared';
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

export function toWordDto(row: WordRow): Word {
  return {
    id: row.id,
    term: row.term,
    definitions: row.definitions,
    examples: row.examples,
    version: row.version,
    suspended: row.suspendedAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
