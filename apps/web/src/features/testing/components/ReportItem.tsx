import type { Report } from '@wordhoard/shared';
import { CirclePause, PenLine, Pencil, Play } from 'lucide-react';
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { PATHS } from '../../../shared/routing';
import { Button } from '../../../shared/ui';
import { WordMarkBadge } from '../../../shared/ui/WordMarkBadge/WordMarkBadge';
import { useSuspendWord } from '../../../shared/api/suspendWord';
import { exampleLanguage, type WordView } from '../lib/wordView';
import styles from '../screens/FinishPage.module.css';
import { AnswerList } from './AnswerList';
import { ResultBadge } from './ResultBadge';
import { WordPicture } from './WordPicture';
import { pictureOf } from '../lib/media';
import { dirOf } from '../../../shared/languages/contentLanguages';

export type ReportWord = Report['items'][number];

interface ReportItemProps {
  item: ReportWord;
  /** How the word was shown: its direction and languages. */
  view: WordView;
  /** The word's dictionary; null once it was deleted (then nothing can change the word). */
  dictionaryId: string | null;
  /** Says what became of a suspension or a resumption, for screen readers. */
  onAnnounce: (message: string) => void;
}

/**
 * One word of the report: its result, definitions, what was typed and what it was mixed up
 * with. A word answered wrong can be edited; a leech (decision 0049) says so and offers to
 * rewrite it or to suspend it, and a suspended word can be resumed.
 */
export function ReportItem({ item, view, dictionaryId, onAnnounce }: ReportItemProps) {
  const { t } = useTranslation();
  const termId = useId();
  const suspend = useSuspendWord();
  // A leech is rewritten rather than merely fixed (one link, not both); a word answered wrong
  // may have been stored wrong. Either way back comes here.
  const editPath =
    dictionaryId && (item.leech || item.result === 'wrong')
      ? generatePath(PATHS.editWord, { dictionaryId, wordId: item.wordId })
      : null;
  const canSuspend = dictionaryId !== null && (item.leech || item.suspended);
  const picture = pictureOf(item);

  const toggleSuspension = () => {
    if (!dictionaryId) return;
    const suspended = !item.suspended;
    suspend.mutate(
      { dictionaryId, wordId: item.wordId, suspended },
      {
        onSuccess: () =>
          onAnnounce(
            suspended
              ? t('Testing.Finish.SuspendedNotice', { term: item.term })
              : t('Testing.Finish.ResumedNotice', { term: item.term }),
          ),
      },
    );
  };

  return (
    <li className={styles.item} data-testid="report-item">
      <div className={styles.itemHead}>
        {picture && <WordPicture picture={picture} alt={item.term} size="sm" />}
        <h3 id={termId} className={styles.term} lang={view.promptLanguage} dir={dirOf(view.promptLanguage)}>
          {item.term}
        </h3>
        <div className={styles.badges}>
          <ResultBadge kind={item.result} />
          {item.leech && (
            <WordMarkBadge kind="leech" data-testid="report-leech">
              {t('Testing.Finish.Leech')}
            </WordMarkBadge>
          )}
          {item.suspended && (
            <WordMarkBadge kind="suspended" data-testid="report-suspended">
              {t('Testing.Finish.Suspended')}
            </WordMarkBadge>
          )}
        </div>
      </div>
      {((item.almost?.length ?? 0) > 0 || (item.overridden?.length ?? 0) > 0) && (
        // Answers accepted otherwise than as typed: a near miss, or the learner's "I was right".
        <ul className={styles.leniency} data-testid="report-leniency">
          {item.almost?.map(({ typed, definition }) => (
            <li key={`almost:${typed}:${definition}`}>
              <Trans
                i18nKey="Testing.Finish.AlmostNote"
                values={{ typed, definition }}
                components={{ typed: <span lang={view.answerLanguage} dir={dirOf(view.answerLanguage)} /> }}
              />
            </li>
          ))}
          {item.overridden?.map((typed) => (
            <li key={`overridden:${typed}`}>
              <Trans
                i18nKey="Testing.Finish.OverriddenNote"
                values={{ typed }}
                components={{ typed: <span lang={view.answerLanguage} dir={dirOf(view.answerLanguage)} /> }}
              />
            </li>
          ))}
        </ul>
      )}
      {item.leech && dictionaryId !== null && (
        <p className={styles.leechHint}>
          {item.suspended ? t('Testing.Finish.LeechSuspendedHint') : t('Testing.Finish.LeechHint')}
        </p>
      )}
      {(editPath !== null || canSuspend) && (
        <div className={styles.itemActions}>
          {editPath !== null &&
            (item.leech ? (
              <Link
                to={editPath}
                state={{ from: PATHS.testingFinish }}
                className={styles.edit}
                aria-describedby={termId}
              >
                <PenLine aria-hidden="true" />
                {t('Testing.Finish.Rewrite')}
              </Link>
            ) : (
              <Link
                to={editPath}
                state={{ from: PATHS.testingFinish }}
                className={styles.edit}
                aria-label={t('Testing.Finish.EditWordLabel', { term: item.term })}
              >
                <Pencil aria-hidden="true" />
                {t('Testing.Finish.EditWord')}
              </Link>
            ))}
          {canSuspend && (
            // One button that turns into the other, so the focus stays on it.
            <Button
              variant="secondary"
              size="sm"
              icon={item.suspended ? <Play /> : <CirclePause />}
              busy={suspend.isPending}
              aria-describedby={termId}
              onClick={toggleSuspension}
            >
              {item.suspended ? t('Testing.Finish.Resume') : t('Testing.Finish.Suspend')}
            </Button>
          )}
        </div>
      )}
      <dl className={styles.itemDetails}>
        <div>
          {/* What was expected: a swapped test's answer is the term, not the definitions. */}
          <dt>{view.swapped ? t('Testing.Finish.Term') : t('Testing.Finish.Definitions')}</dt>
          <dd>
            <AnswerList answers={item.definitions} lang={view.answerLanguage} />
          </dd>
        </div>
        <div>
          <dt>{t('Testing.Finish.Typed')}</dt>
          <dd>
            {item.answers.length > 0 ? (
              <span lang={view.answerLanguage} dir={dirOf(view.answerLanguage)}>
                {item.answers.join(', ')}
              </span>
            ) : (
              <span className={styles.nothing}>{t('Testing.Finish.NothingTyped')}</span>
            )}
          </dd>
        </div>
        {item.confusedWith.length > 0 && (
          // Other words whose answers were typed for this one: the pairs to tell apart.
          <div data-testid="report-confusions">
            <dt>{t('Testing.Finish.ConfusedWith')}</dt>
            <dd
              lang={view.swapped ? view.answerLanguage : view.promptLanguage}
              dir={dirOf(view.swapped ? view.answerLanguage : view.promptLanguage)}
            >
              {item.confusedWith.join(', ')}
            </dd>
          </div>
        )}
        {item.examples && item.examples.length > 0 && (
          // The word's example sentences, in its term's language (decision 0060).
          <div data-testid="report-examples">
            <dt>{t('Testing.Finish.Examples')}</dt>
            <dd>
              <ul className={styles.examples}>
                {item.examples.map((example) => (
                  <li key={example} lang={exampleLanguage(view)} dir={dirOf(exampleLanguage(view))}>
                    {example}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
      </dl>
    </li>
  );
}
