import type { TestItem } from '@wordhoard/shared';
import { useTranslation } from 'react-i18next';
import { dirOf } from '../../../shared/languages/contentLanguages';
import styles from './ClozeDisplay.module.css';

interface ClozeDisplayProps {
  cloze: NonNullable<TestItem['cloze']>;
  /** The word's definitions, shown as the hint (`TestItem.term` of a cloze question). */
  hint: string;
  /** The language of the sentence (the term's) and of the hint (the definitions'). */
  lang?: string;
  hintLang?: string;
  id?: string;
}

/**
 * A cloze question (decision 0060): an example sentence with a blank where the term was, and
 * the word's definitions as the hint. The blank is read out as "blank" by screen readers.
 */
export function ClozeDisplay({ cloze, hint, lang, hintLang, id }: ClozeDisplayProps) {
  const { t } = useTranslation();
  return (
    <div id={id} className={styles.wrapper} data-testid="cloze">
      <p className={styles.label}>{t('Testing.Run.ClozePrompt')}</p>
      <p className={styles.sentence} lang={lang} dir={dirOf(lang)}>
        {cloze.before}
        <span className={styles.blank} role="img" aria-label={t('Testing.Run.ClozeBlank')}>
          {'\u2002'.repeat(6)}
        </span>
        {cloze.after}
      </p>
      <p className={styles.hint}>
        {t('Testing.Run.ClozeHint')}{' '}
        <span className={styles.hintText} lang={hintLang} dir={dirOf(hintLang)}>
          {hint}
        </span>
      </p>
    </div>
  );
}
