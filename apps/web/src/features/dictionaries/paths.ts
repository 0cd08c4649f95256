import { generatePath } from 'react-router';
import { PATHS } from '../../shared/routing';

export const dictionaryPath = (dictionaryId: string) => generatePath(PATHS.dictionary, { dictionaryId });
export const editWordsPath = (dictionaryId: string) => generatePath(PATHS.editWords, { dictionaryId });
export const editInfoPath = (dictionaryId: string) =>
  generatePath(PATHS.editDictionaryInfo, { dictionaryId });
export const importWordsPath = (dictionaryId: string) => generatePath(PATHS.importWords, { dictionaryId });
export const importAnkiPath = (dictionaryId: string) => generatePath(PATHS.importAnki, { dictionaryId });
export const editWordPath = (dictionaryId: string, wordId: string) =>
  generatePath(PATHS.editWord, { dictionaryId, wordId });
export const progressPath = (dictionaryId: string) =>
  generatePath(PATHS.dictionaryProgress, { dictionaryId });
