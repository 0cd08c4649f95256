import type { DictionariesSort, SortDirection, WordsSort } from '@wordhoard/shared';
import { DICTIONARIES_ROOT_KEY } from '../../../shared/api/queries';

export interface DictionariesFilter {
  search: string;
  sort: DictionariesSort;
  direction: SortDirection;
}

export interface WordsFilter {
  search: string;
  sort: WordsSort;
  direction: SortDirection;
}

/**
 * Every dictionaries query lives under ['dictionaries'], so one invalidation refreshes the
 * list after a create, edit or delete (SPEC §4), and logging out clears them all.
 */
export const dictionaryKeys = {
  all: DICTIONARIES_ROOT_KEY,
  lists: () => ['dictionaries', 'list'] as const,
  list: (filter: DictionariesFilter) => ['dictionaries', 'list', filter] as const,
  /** How many dictionaries the user has at all, whatever the search. */
  count: () => ['dictionaries', 'list', 'count'] as const,
  detail: (id: string) => ['dictionaries', 'detail', id] as const,
  words: (id: string, filter: WordsFilter) => ['dictionaries', 'detail', id, 'words', filter] as const,
  info: (id: string) => ['dictionaries', 'detail', id, 'info'] as const,
  /** All of a dictionary's words (its JSON export). */
  export: (id: string) => ['dictionaries', 'detail', id, 'export'] as const,
  progress: (id: string) => ['dictionaries', 'detail', id, 'progress'] as const,
  word: (id: string, wordId: string) => ['dictionaries', 'detail', id, 'word', wordId] as const,
  /** Missed definitions, leeches, confusion pairs and suspended words (decision 0049). */
  weakSpots: (id: string) => ['dictionaries', 'detail', id, 'weak-spots'] as const,
};
