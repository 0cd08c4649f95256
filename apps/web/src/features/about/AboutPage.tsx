import { useTranslation } from 'react-i18next';
import { Card, Page } from '../../shared/ui';
import styles from './AboutPage.module.css';

export default function AboutPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('About.Title')} width="narrow">
      <Card as="section" aria-labelledby="about-project" className={styles.project}>
        <h2 id="about-project" className={styles.heading}>
          {t('About.ProjectTitle')}
        </h2>
        <p>{t('About.ProjectText')}</p>
      </Card>
    </Page>
  );
}
