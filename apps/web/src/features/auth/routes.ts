import { lazy } from 'react';
import { KEEP_WORDS_ROLES, PATHS, type AppRoute } from '../../shared/routing';

export const authRoutes: readonly AppRoute[] = [
  { path: PATHS.auth, access: 'signedOut', Screen: lazy(() => import('./screens/AuthMenuPage')) },
  { path: PATHS.signup, access: 'signedOut', Screen: lazy(() => import('./screens/SignupPage')) },
  { path: PATHS.login, access: 'signedOut', Screen: lazy(() => import('./screens/LoginPage')) },
  { path: PATHS.guest, access: 'signedOut', Screen: lazy(() => import('./screens/GuestPage')) },
  {
    path: PATHS.forgotPassword,
    access: 'signedOut',
    Screen: lazy(() => import('./screens/ForgotPasswordPage')),
  },
  { path: PATHS.restoreCode, access: 'signedOut', Screen: lazy(() => import('./screens/RestoreCodePage')) },
  // The restore code signs the user in (POST /auth/restore) and the code step hands that user on
  // to this one, which stores it; the screen itself sends anyone without a session back to the
  // start. A guard here would see no user yet, and one on the code step would skip this step.
  { path: PATHS.newPassword, access: 'public', Screen: lazy(() => import('./screens/NewPasswordPage')) },
  {
    path: PATHS.keepWords,
    access: 'member',
    roles: KEEP_WORDS_ROLES,
    Screen: lazy(() => import('./screens/KeepWordsPage')),
  },
  { path: PATHS.verify, access: 'verify', Screen: lazy(() => import('./screens/VerifyPage')) },
  {
    path: PATHS.acceptPolicy,
    access: 'acceptPolicy',
    Screen: lazy(() => import('./screens/AcceptPolicyPage')),
  },
];
