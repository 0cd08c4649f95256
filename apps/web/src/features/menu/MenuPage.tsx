import { GraduationCap, Library } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../shared/routing';
import { LinkCard, Page } from '../../shared/ui';
import { useDueCounts } from '../../shared/api/queries';
import styles from './MenuPage.module.css';

/** The main menu (SPEC §2): two big cards, Dictionaries and Testing. */
export default function MenuPage() {
  const { t } = useTranslation();
  // Words due for review today, across all dictionaries (decision 0011); left out until known.
  const due = useDueCounts();
  const dueTotal = due.data?.total ?? 0;
  return (
    <Page title={t('Menu.Title')}>
      <nav aria-label={t('Menu.Title')}>
        <ul className={styles.choices}>
          <li>
            <LinkCard
              to={PATHS.dictionaries}
              title={t('Menu.Dictionaries')}
              description={t('Menu.DictionariesText')}
              icon={<Library />}
              className={styles.card}
            />
          </li>
          <li>
            <LinkCard
              to={dueTotal > 0 ? `${PATHS.createTester}?source=due` : PATHS.createTester}
              title={t('Menu.Testing')}
              description={t('Menu.TestingText')}
              icon={<GraduationCap />}
              className={styles.card}
              badge={dueTotal > 0 ? t('Menu.DueToday', { count: dueTotal }) : undefined}
            />
          </li>
        </ul>
      </nav>
    </Page>
  );
}
