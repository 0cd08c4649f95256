import { PATHS, lazyScreen, type AppRoute } from '../../shared/routing';

export const dictionariesRoutes: readonly AppRoute[] = [
  {
    path: PATHS.dictionaries,
    access: 'member',
    Screen: lazyScreen(() => import('./screens/DictionariesPage')),
  },
  {
    path: PATHS.createDictionary,
    access: 'member',
    Screen: lazyScreen(() => import('./screens/CreateDictionaryPage')),
  },
  {
    path: PATHS.importDictionary,
    access: 'member',
    Screen: lazyScreen(() => import('./screens/ImportPage')),
  },
  { path: PATHS.importWords, access: 'member', Screen: lazyScreen(() => import('./screens/ImportPage')) },
  { path: PATHS.importAnki, access: 'member', Screen: lazyScreen(() => import('./screens/AnkiImportPage')) },
  { path: PATHS.dictionary, access: 'member', Screen: lazyScreen(() => import('./screens/DictionaryPage')) },
  { path: PATHS.editWords, access: 'member', Screen: lazyScreen(() => import('./screens/EditWordsPage')) },
  { path: PATHS.editWord, access: 'member', Screen: lazyScreen(() => import('./screens/EditWordPage')) },
  {
    path: PATHS.dictionaryProgress,
    access: 'member',
    Screen: lazyScreen(() => import('./screens/ProgressPage')),
  },
  {
    path: PATHS.editDictionaryInfo,
    access: 'member',
    Screen: lazyScreen(() => import('./screens/EditDictionaryInfoPage')),
  },
];
