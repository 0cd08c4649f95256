import { lazy } from 'react';
import { PATHS, type AppRoute } from '../../shared/routing';

export const dictionariesRoutes: readonly AppRoute[] = [
  { path: PATHS.dictionaries, access: 'member', Screen: lazy(() => import('./screens/DictionariesPage')) },
  {
    path: PATHS.createDictionary,
    access: 'member',
    Screen: lazy(() => import('./screens/CreateDictionaryPage')),
  },
  { path: PATHS.importDictionary, access: 'member', Screen: lazy(() => import('./screens/ImportPage')) },
  { path: PATHS.importWords, access: 'member', Screen: lazy(() => import('./screens/ImportPage')) },
  { path: PATHS.dictionary, access: 'member', Screen: lazy(() => import('./screens/DictionaryPage')) },
  { path: PATHS.editWords, access: 'member', Screen: lazy(() => import('./screens/EditWordsPage')) },
  { path: PATHS.editWord, access: 'member', Screen: lazy(() => import('./screens/EditWordPage')) },
  {
    path: PATHS.dictionaryProgress,
    access: 'member',
    Screen: lazy(() => import('./screens/ProgressPage')),
  },
  {
    path: PATHS.editDictionaryInfo,
    access: 'member',
    Screen: lazy(() => import('./screens/EditDictionaryInfoPage')),
  },
];
