import { isLanguage } from '@wordhoard/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PlaceholderPage } from '../../shared/ui';
import { POLICY_DOCUMENTS, type PolicyDocumentId } from './policyPaths';
import { usePolicyTarget } from './usePolicyTarget';

const TITLE_KEYS = {
  cookie: 'Policies.Cookie',
  privacy: 'Policies.Privacy',
  'terms-of-use': 'Policies.Terms',
} as const satisfies Record<PolicyDocumentId, string>;

/** One policy in one language; the texts arrive with the policies issue. */
function PolicyDocumentPage({ documentId }: { documentId: PolicyDocumentId }) {
  const { t } = useTranslation();
  const { lang } = useParams();
  const targetFor = usePolicyTarget();
  if (!isLanguage(lang)) {
    const basePath = POLICY_DOCUMENTS.find((entry) => entry.id === documentId)?.path ?? '';
    return <Navigate replace to={targetFor(basePath)} />;
  }
  return <PlaceholderPage title={t(TITLE_KEYS[documentId])} />;
}

export const CookiePolicyPage = () => <PolicyDocumentPage documentId="cookie" />;
export const PrivacyPolicyPage = () => <PolicyDocumentPage documentId="privacy" />;
export const TermsOfUsePage = () => <PolicyDocumentPage documentId="terms-of-use" />;
