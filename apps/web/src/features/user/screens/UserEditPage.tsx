import { useTranslation } from 'react-i18next';
import { useUser } from '../../../shared/session';
import { Page } from '../../../shared/ui';
import { AppearanceSection } from '../components/AppearanceSection';
import { DaySection } from '../components/DaySection';
import { DeleteAccountSection } from '../components/DeleteAccountSection';
import { DownloadDataSection } from '../components/DownloadDataSection';
import { InvitesSection } from '../components/InvitesSection';
import { LanguageSection } from '../components/LanguageSection';
import { LearningSection } from '../components/LearningSection';
import { PasswordSection } from '../components/PasswordSection';
import { PushSection } from '../components/PushSection';
import { RemindersSection } from '../components/RemindersSection';
import { StorageSection } from '../components/StorageSection';
import styles from './UserEditPage.module.css';

/**
 * The profile (not for guests; the route guard keeps them out): language, theme, the learner's day (time
 * zone and daily goal), learning (retention and personal parameters), password, data, deletion.
 */
export default function UserEditPage() {
  const { t } = useTranslation();
  const user = useUser();
  if (!user) return null; // The route guard has already sent visitors to /auth.
  return (
    <Page
      title={t('User.EditTitle')}
      lead={
        <span className={styles.breakable}>
          {user.email ? t('User.SignedInAs', { email: user.email }) : t('User.Lead')}
        </span>
      }
      width="narrow"
    >
      <LanguageSection user={user} />
      <AppearanceSection />
      <DaySection user={user} />
      <RemindersSection user={user} />
      <LearningSection user={user} />
      <PushSection user={user} />
      <PasswordSection user={user} />
      <StorageSection />
      <DownloadDataSection />
      {user.role === 'developer' && <InvitesSection />}
      <DeleteAccountSection user={user} />
    </Page>
  );
}
