import {
  DEFAULT_SORTING_CONFIGS,
  type DictionariesSort,
  type SortDirection,
  type SortingConfigs,
  type WordsSort,
} from '@wordhoard/shared';
import { useCallback, useState } from 'react';
import { useServices } from '../../../shared/services';
import { useUser } from '../../../shared/session';
import { useUpdateMe } from '../../../shared/api/account';

export interface Sorting<S extends string> {
  sort: S;
  direction: SortDirection;
}

/**
 * The direction a newly picked sort starts in, the one people expect of it: names and terms
 * A→Z, dates newest first, word counts the most first. The direction button flips it after.
 */
const NATURAL_DIRECTION: Record<DictionariesSort | WordsSort, SortDirection> = {
  name: 1,
  term: 1,
  update: -1,
  create: -1,
  words: -1,
};

export const naturalDirection = (sort: DictionariesSort | WordsSort): SortDirection =>
  NATURAL_DIRECTION[sort];

/**
 * A sort choice kept in the user's sortingConfigs: it starts from the stored choice, and a new
 * choice applies at once and is saved with PATCH /users/me, so it comes back on return. Only
 * the latest save's answer updates the session (a newer choice aborts an older save).
 */
function usePersistedSorting<S extends string>(
  read: (configs: SortingConfigs) => Sorting<S>,
  write: (sorting: Sorting<S>) => Partial<SortingConfigs>,
  requestKey: string,
): [Sorting<S>, (next: Sorting<S>) => void] {
  const user = useUser();
  const { session } = useServices();
  const updateMe = useUpdateMe();
  const [sorting, setSorting] = useState(() => read(user?.sortingConfigs ?? DEFAULT_SORTING_CONFIGS));

  const change = useCallback(
    (next: Sorting<S>) => {
      setSorting(next);
      updateMe({ sortingConfigs: write(next) }, { key: requestKey })
        .then((updated) => session.setUser(updated))
        .catch(() => {
          // Cancelled by a newer choice, or already shown in the error modal; the choice
          // still applies on this screen.
        });
    },
    [updateMe, session, write, requestKey],
  );
  return [sorting, change];
}

const readDictionaries = (configs: SortingConfigs): Sorting<DictionariesSort> => ({
  sort: configs.dictionariesSort,
  direction: configs.dictionariesSortDirection,
});
const writeDictionaries = ({ sort, direction }: Sorting<DictionariesSort>): Partial<SortingConfigs> => ({
  dictionariesSort: sort,
  dictionariesSortDirection: direction,
});

const readWords = (configs: SortingConfigs): Sorting<WordsSort> => ({
  sort: configs.dictionaryWordsSort,
  direction: configs.dictionaryWordsSortDirection,
});
const writeWords = ({ sort, direction }: Sorting<WordsSort>): Partial<SortingConfigs> => ({
  dictionaryWordsSort: sort,
  dictionaryWordsSortDirection: direction,
});

/** The dictionaries list's sort (name, update or words) and direction. */
export function useDictionariesSorting() {
  return usePersistedSorting(readDictionaries, writeDictionaries, 'sorting:dictionaries');
}

/** The words list's sort (create, term or update) and direction. */
export function useWordsSorting() {
  return usePersistedSorting(readWords, writeWords, 'sorting:words');
}
