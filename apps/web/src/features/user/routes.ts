import { PATHS, lazyScreen, USER_EDIT_ROLES, type AppRoute } from '../../shared/routing';

export const userRoutes: readonly AppRoute[] = [
  {
    path: PATHS.userEdit,
    access: 'member',
    roles: USER_EDIT_ROLES,
    Screen: lazyScreen(() => import('./screens/UserEditPage')),
  },
  {
    path: PATHS.progress,
    access: 'member',
    Screen: lazyScreen(() => import('./screens/AccountProgressPage')),
  },
  {
    path: PATHS.unsubscribeReminders,
    access: 'public',
    Screen: lazyScreen(() => import('./screens/UnsubscribeRemindersPage')),
  },
];
