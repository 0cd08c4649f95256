import type { ReactNode } from 'react';
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
import { ProfileNav } from '../components/ProfileNav';
import { PushSection } from '../components/PushSection';
import { RemindersSection } from '../components/RemindersSection';
import { StorageSection } from '../components/StorageSection';
import styles from './UserEditPage.module.css';

/**
 * The profile (not for guests; the route guard keeps them out): language, theme, the learner's day (time
 * zone and daily goal), learning (retention and personal parameters), password, data, deletion,
 * in three topics that "On this page" links to.
 */
export default function UserEditPage() {
  const { t } = useTranslation();
  const user = useUser();
  if (!user) return null; // The route guard has already sent visitors to /auth.
  // A dozen sections in three topics, each reachable from "On this page".
  const topics: { id: string; label: string; sections: ReactNode }[] = [
    {
      id: 'profile-preferences',
      label: t('User.TopicPreferences'),
      sections: (
        <>
          <LanguageSection user={user} />
          <AppearanceSection />
        </>
      ),
    },
    {
      id: 'profile-learning',
      label: t('User.TopicLearning'),
      sections: (
        <>
          <DaySection user={user} />
          <RemindersSection user={user} />
          <LearningSection user={user} />
          <PushSection user={user} />
        </>
      ),
    },
    {
      id: 'profile-account',
      label: t('User.TopicAccount'),
      sections: (
        <>
          <PasswordSection user={user} />
          <StorageSection />
          <DownloadDataSection />
          {user.role === 'developer' && <InvitesSection />}
          <DeleteAccountSection user={user} />
        </>
      ),
    },
  ];
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
      <ProfileNav topics={topics} />
      {topics.map((topic) => (
        // A group the "On this page" links focus (tabIndex -1), named by its topic.
        <div
          key={topic.id}
          id={topic.id}
          role="group"
          aria-labelledby={`${topic.id}-title`}
          tabIndex={-1}
          className={styles.topic}
        >
          <p id={`${topic.id}-title`} className={styles.topicTitle}>
            {topic.label}
          </p>
          {topic.sections}
        </div>
      ))}
    </Page>
  );
}
