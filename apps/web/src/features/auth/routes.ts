import { KEEP_WORDS_ROLES, PATHS, lazyScreen, type AppRoute } from '../../shared/routing';

export const authRoutes: readonly AppRoute[] = [
  { path: PATHS.auth, access: 'signedOut', Screen: lazyScreen(() => import('./screens/AuthMenuPage')) },
  { path: PATHS.signup, access: 'signedOut', Screen: lazyScreen(() => import('./screens/SignupPage')) },
  { path: PATHS.login, access: 'signedOut', Screen: lazyScreen(() => import('./screens/LoginPage')) },
  { path: PATHS.guest, access: 'signedOut', Screen: lazyScreen(() => import('./screens/GuestPage')) },
  {
    path: PATHS.forgotPassword,
    access: 'signedOut',
    Screen: lazyScreen(() => import('./screens/ForgotPasswordPage')),
  },
  {
    path: PATHS.restoreCode,
    access: 'signedOut',
    Screen: lazyScreen(() => import('./screens/RestoreCodePage')),
  },
  // The restore code signs the user in (POST /auth/restore) and the code step hands that user on
  // to this one, which stores it; the screen itself sends anyone without a session back to the
  // start. A guard here would see no user yet, and one on the code step would skip this step.
  {
    path: PATHS.newPassword,
    access: 'public',
    Screen: lazyScreen(() => import('./screens/NewPasswordPage')),
  },
  {
    path: PATHS.keepWords,
    access: 'member',
    roles: KEEP_WORDS_ROLES,
    Screen: lazyScreen(() => import('./screens/KeepWordsPage')),
  },
  { path: PATHS.verify, access: 'verify', Screen: lazyScreen(() => import('./screens/VerifyPage')) },
  {
    path: PATHS.acceptPolicy,
    access: 'acceptPolicy',
    Screen: lazyScreen(() => import('./screens/AcceptPolicyPage')),
  },
];
