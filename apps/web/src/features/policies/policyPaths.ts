import { toLanguage, type Language } from '@wordhoard/shared';
import { PATHS } from '../../shared/routing';

/** The policy documents; each exists in all seven languages under /policy/<document>/<lang>. */
export const POLICY_DOCUMENTS = [
  { id: 'cookie', path: PATHS.cookiePolicy },
  { id: 'privacy', path: PATHS.privacyPolicy },
  { id: 'terms-of-use', path: PATHS.termsOfUse },
] as const;
export type PolicyDocumentId = (typeof POLICY_DOCUMENTS)[number]['id'];

/**
 * The language policies open in: the signed-in user's interface language, otherwise the first
 * two letters of the interface language (English when those are not supported).
 */
export function policyLanguage(
  userLanguage: Language | null | undefined,
  interfaceLanguage: string,
): Language {
  return userLanguage ?? toLanguage(interfaceLanguage);
}

/** /policy → /policy/{lang}; /policy/cookie → /policy/cookie/{lang}; and so on (SPEC §2). */
export function policyRedirectTarget(
  pathname: string,
  userLanguage: Language | null | undefined,
  interfaceLanguage: string,
): string {
  const base = pathname.replace(/\/+$/, '') || PATHS.policies;
  return `${base}/${policyLanguage(userLanguage, interfaceLanguage)}`;
}
