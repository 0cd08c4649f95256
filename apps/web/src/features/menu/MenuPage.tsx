import { DUE_TEST_MAX_WORDS, type DueCounts } from '@wordhoard/shared';
import { Flame, GraduationCap, Library, Play } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDueCounts } from '../../shared/api/queries';
import { useIsMobile } from '../../shared/hooks/useMediaQuery';
import { cx } from '../../shared/lib/classNames';
import { PATHS } from '../../shared/routing';
import { EVERY_DICTIONARY_DUE } from '../../shared/testing/activeTest';
import { StartProblemText } from '../../shared/testing/StartProblemText';
import { useStartTest } from '../../shared/testing/useStartTest';
import { useUser } from '../../shared/session';
import { GuestExpiry } from '../../shared/ui/GuestExpiry/GuestExpiry';
import { Button, Card, LinkCard, Page, TABULAR_NUMS } from '../../shared/ui';
import { Problem } from '../../shared/ui/Problem/Problem';
import styles from './MenuPage.module.css';

/**
 * The main menu (SPEC §2): two big cards, Dictionaries and Testing, and under them, when words
 * are due, today's reviews per dictionary with one button for all of them (decision 0048).
 */
export default function MenuPage() {
  const { t } = useTranslation();
  // Words due for review today, across all dictionaries (decision 0011); left out until known.
  const due = useDueCounts();
  const dueTotal = due.data?.total ?? 0;
  const guestExpiresAt = useUser()?.guestExpiresAt;
  // On a phone the header keeps who is signed in behind the avatar, so a guest's time left is here.
  const isMobile = useIsMobile();
  return (
    <Page title={t('Menu.Title')}>
      {guestExpiresAt && isMobile && (
        <p className={styles.guest}>
          <GuestExpiry expiresAt={guestExpiresAt} />
        </p>
      )}
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
          <li>
            <LinkCard
              to={PATHS.progress}
              title={t('Menu.Progress')}
              description={t('Menu.ProgressText')}
              icon={<Flame />}
              className={styles.card}
            />
          </li>
        </ul>
      </nav>
      {due.data && dueTotal > 0 && <DueToday counts={due.data} />}
    </Page>
  );
}

/** The tester on one dictionary's due words, in the direction that has them (forward if both). */
function dueTesterPath(entry: DueCounts['dictionaries'][number]): string {
  const query = new URLSearchParams({ source: 'due', dictionaryId: entry.dictionaryId });
  if (entry.forward === 0) query.set('swap', '1');
  return `${PATHS.createTester}?${query.toString()}`;
}

/** Today's due words per dictionary, and one test of all of them, every direction. */
function DueToday({ counts }: { counts: DueCounts }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const problemId = useId();
  const { start, isPending, problem, resetsAt } = useStartTest();
  const collator = new Intl.Collator(i18n.resolvedLanguage ?? i18n.language);
  const dictionaries = [...counts.dictionaries].sort((a, b) => collator.compare(a.name, b.name));

  return (
    <Card as="section" aria-labelledby={headingId} className={styles.due}>
      <h2 id={headingId} className={styles.dueTitle}>
        {t('Menu.DueTitle')}
      </h2>
      <ul className={styles.dueList}>
        {dictionaries.map((entry) => (
          <li key={entry.dictionaryId}>
            <Link to={dueTesterPath(entry)} className={styles.dueLink}>
              <span className={styles.dueName}>{entry.name}</span>{' '}
              <span className={cx(styles.dueCount, TABULAR_NUMS)}>
                {t('Menu.DueCount', { count: entry.forward + entry.swapped })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <div className={styles.dueActions}>
        <Button
          icon={<Play />}
          busy={isPending}
          aria-describedby={problem ? problemId : undefined}
          onClick={() => start({ options: EVERY_DICTIONARY_DUE })}
        >
          {t('Menu.StudyAllDue', { count: counts.total })}
        </Button>
        {counts.total > DUE_TEST_MAX_WORDS && (
          <p className={styles.hint}>{t('Menu.StudyAllDueCapped', { max: DUE_TEST_MAX_WORDS })}</p>
        )}
      </div>
      <div id={problemId} role="alert">
        {problem && (
          <Problem>
            <StartProblemText problem={problem} resetsAt={resetsAt} />
          </Problem>
        )}
      </div>
    </Card>
  );
}
