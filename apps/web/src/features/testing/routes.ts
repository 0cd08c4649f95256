import { PATHS, lazyScreen, type AppRoute } from '../../shared/routing';

export const testingRoutes: readonly AppRoute[] = [
  {
    path: PATHS.createTester,
    access: 'member',
    Screen: lazyScreen(() => import('./screens/CreateTesterPage')),
  },
  { path: PATHS.testing, access: 'member', Screen: lazyScreen(() => import('./screens/TestingPage')) },
  { path: PATHS.testingSkip, access: 'member', Screen: lazyScreen(() => import('./screens/SkipPage')) },
  { path: PATHS.testingCheck, access: 'member', Screen: lazyScreen(() => import('./screens/CheckPage')) },
  { path: PATHS.testingFinish, access: 'member', Screen: lazyScreen(() => import('./screens/FinishPage')) },
];
