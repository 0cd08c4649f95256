import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/lib/classNames';
import styles from './ResultBadge.module.css';
import { ResultIcon, type ResultKind } from './ResultIcon';

/** A result as a small pill: icon and word ("Correct", "Wrong", …). */
export function ResultBadge({ kind }: { kind: ResultKind }) {
  const { t } = useTranslation();
  return (
    <span className={cx(styles.badge, styles[kind])}>
      <ResultIcon kind={kind} className={styles.icon} />
      {t(`Testing.Results.${kind}`)}
    </span>
  );
}
