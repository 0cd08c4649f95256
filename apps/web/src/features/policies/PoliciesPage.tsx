import { isLanguage, type Language } from '@wordhoard/shared';
import { Cookie, FileText, ShieldCheck } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PATHS } from '../../shared/routing';
import { LinkCard, LoadingIndicator, Page } from '../../shared/ui';
import styles from './PoliciesPage.module.css';
import { POLICY_TITLE_KEYS } from './policyContent';
import { OtherLanguages } from './PolicyDocumentPage';
import { POLICY_DOCUMENTS, type PolicyDocumentId } from './policyPaths';
import { usePolicyTarget } from './usePolicyTarget';

const ICONS: Record<PolicyDocumentId, ReactNode> = {
  cookie: <Cookie />,
  privacy: <ShieldCheck />,
  'terms-of-use': <FileText />,
};

/**
 * The three policies, listed and linked in the language of the address. Each card is named by
 * its title alone, so "Cookie policy" is what a screen reader announces.
 */
function PolicyList({ lang }: { lang: Language }) {
  const { t } = useTranslation('translation', { lng: lang });
  return (
    <div lang={lang} className={styles.document}>
      <Page title={t('Policies.Title')} lead={t('Policies.Lead')} width="narrow">
        <ul className={styles.list}>
          {POLICY_DOCUMENTS.map((document) => (
            <li key={document.id}>
              <LinkCard
                to={`${document.path}/${lang}`}
                title={t(POLICY_TITLE_KEYS[document.id])}
                icon={ICONS[document.id]}
              />
            </li>
          ))}
        </ul>
        <OtherLanguages basePath={PATHS.policies} lang={lang} label={t('Policies.OtherLanguages')} />
      </Page>
    </div>
  );
}

/** /policy/{lang}: the policy index. */
export default function PoliciesPage() {
  const { lang } = useParams();
  const targetFor = usePolicyTarget();
  if (!isLanguage(lang)) {
    return <Navigate replace to={targetFor(PATHS.policies)} />;
  }
  return (
    <Suspense fallback={<LoadingIndicator />}>
      <PolicyList lang={lang} />
    </Suspense>
  );
}
