import { and, eq, type SQL } from 'drizzle-orm';
import { dictionaries, words } from './schema';

/*
 * Every query is scoped to its owner (DESIGN §7): these are the conditions that say so, written
 * once for every repository that reads or changes a learner's dictionaries and words.
 */

/** The dictionary `dictionaryId`, if it is `userId`'s. */
export const ownDictionary = (userId: string, dictionaryId: string): SQL =>
  and(eq(dictionaries.id, dictionaryId), eq(dictionaries.userId, userId)) as SQL;

/** The word `wordId` of dictionary `dictionaryId`, if that is `userId`'s (join `dictionaries`). */
export const ownWord = (userId: string, dictionaryId: string, wordId: string): SQL =>
  and(eq(words.id, wordId), eq(words.dictionaryId, dictionaryId), eq(dictionaries.userId, userId)) as SQL;
