import type { Dictionary } from '@wordhoard/shared';
import { BookOpen } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TABULAR_NUMS } from '../../../shared/ui';
import { useDateFormatter } from '../lib/languages';
import { dictionaryPath } from '../paths';
import styles from './DictionaryCard.module.css';
import { LanguagePair } from './LanguagePair';

/** One dictionary in the list: name, languages, word count and last update; opens it. */
export const DictionaryCard = memo(function DictionaryCard({ dictionary }: { dictionary: Dictionary }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter();
  return (
    <Link to={dictionaryPath(dictionary.id)} className={styles.card}>
      <span className={styles.icon} aria-hidden="true">
        <BookOpen />
      </span>
      <div className={styles.body}>
        <h2 className={styles.name}>{dictionary.name}</h2>
        <LanguagePair
          from={dictionary.fromLanguage}
          to={dictionary.toLanguage}
          className={styles.languages}
        />
        <div className={styles.meta}>
          <span className={TABULAR_NUMS}>
            {t('Dictionaries.WordsCount', { count: dictionary.wordsCount })}
          </span>
          <span>{t('Dictionaries.Updated', { date: formatDate(dictionary.updatedAt) })}</span>
        </div>
      </div>
    </Link>
  );
});
