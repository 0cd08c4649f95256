import { isLanguage } from '@wordhoard/shared';
import { Cookie, FileText, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PATHS } from '../../shared/routing';
import { LinkCard, Page } from '../../shared/ui';
import styles from './PoliciesPage.module.css';
import { usePolicyTarget } from './usePolicyTarget';

/** /policy/{lang}: the three policies, linked in that language. */
export default function PoliciesPage() {
  const { t } = useTranslation();
  const { lang } = useParams();
  const targetFor = usePolicyTarget();
  if (!isLanguage(lang)) {
    return <Navigate replace to={targetFor(PATHS.policies)} />;
  }
  return (
    <Page title={t('Policies.Title')} lead={t('Policies.Lead')} width="narrow">
      <ul className={styles.list}>
        <li>
          <LinkCard to={`${PATHS.cookiePolicy}/${lang}`} title={t('Policies.Cookie')} icon={<Cookie />} />
        </li>
        <li>
          <LinkCard
            to={`${PATHS.privacyPolicy}/${lang}`}
            title={t('Policies.Privacy')}
            icon={<ShieldCheck />}
          />
        </li>
        <li>
          <LinkCard to={`${PATHS.termsOfUse}/${lang}`} title={t('Policies.Terms')} icon={<FileText />} />
        </li>
      </ul>
    </Page>
  );
}
