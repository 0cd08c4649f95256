import { PATHS } from '../../shared/routing';

/** Screens where the footer would cover controls on a phone (SPEC §2). */
const HIDDEN_ON_MOBILE = new Set<string>([PATHS.login, PATHS.signup, PATHS.createTester, PATHS.userEdit]);

/**
 * Whether the footer shows on `pathname`: never around dictionaries (their lists scroll
 * endlessly), and on mobile not on the form-heavy screens and the test runner.
 */
export function isFooterVisible(pathname: string, isMobile: boolean): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path.includes(PATHS.dictionaries)) return false;
  if (!isMobile) return true;
  return !HIDDEN_ON_MOBILE.has(path) && !path.startsWith(PATHS.testing);
}
