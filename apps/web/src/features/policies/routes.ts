import { PATHS, lazyScreen, type AppRoute } from '../../shared/routing';

const PolicyRedirect = lazyScreen(() => import('./PolicyRedirect'));
const documentPage = (name: 'CookiePolicyPage' | 'PrivacyPolicyPage' | 'TermsOfUsePage') =>
  lazyScreen(() => import('./PolicyDocumentPage').then((module) => ({ default: module[name] })));

export const policiesRoutes: readonly AppRoute[] = [
  { path: PATHS.policies, access: 'public', Screen: PolicyRedirect },
  { path: PATHS.cookiePolicy, access: 'public', Screen: PolicyRedirect },
  { path: PATHS.privacyPolicy, access: 'public', Screen: PolicyRedirect },
  { path: PATHS.termsOfUse, access: 'public', Screen: PolicyRedirect },
  { path: `${PATHS.policies}/:lang`, access: 'public', Screen: lazyScreen(() => import('./PoliciesPage')) },
  { path: `${PATHS.cookiePolicy}/:lang`, access: 'public', Screen: documentPage('CookiePolicyPage') },
  { path: `${PATHS.privacyPolicy}/:lang`, access: 'public', Screen: documentPage('PrivacyPolicyPage') },
  { path: `${PATHS.termsOfUse}/:lang`, access: 'public', Screen: documentPage('TermsOfUsePage') },
];
