import { lazy } from 'react';
import { PATHS, type AppRoute } from '../../shared/routing';

export const testingRoutes: readonly AppRoute[] = [
  { path: PATHS.createTester, access: 'member', Screen: lazy(() => import('./screens/CreateTesterPage')) },
  { path: PATHS.testing, access: 'member', Screen: lazy(() => import('./screens/TestingPage')) },
  { path: PATHS.testingSkip, access: 'member', Screen: lazy(() => import('./screens/SkipPage')) },
  { path: PATHS.testingCheck, access: 'member', Screen: lazy(() => import('./screens/CheckPage')) },
  { path: PATHS.testingFinish, access: 'member', Screen: lazy(() => import('./screens/FinishPage')) },
];
