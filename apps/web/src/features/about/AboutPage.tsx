import { BookOpen, GraduationCap, Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, Page } from '../../shared/ui';
import styles from './AboutPage.module.css';

/** About us (SPEC §1): the title, the project's title and its text. */
export default function AboutPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('About.Title')} width="narrow">
      <Card as="section" aria-labelledby="about-project" className={styles.project}>
        <div className={styles.icons} aria-hidden="true">
          <Languages />
          <BookOpen />
          <GraduationCap />
        </div>
        <h2 id="about-project" className={styles.heading}>
          {t('About.ProjectTitle')}
        </h2>
        <p className={styles.text}>{t('About.ProjectText')}</p>
      </Card>
    </Page>
  );
}
