import type { ContentLanguage } from '@wordhoard/shared';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/lib/classNames';
import { VISUALLY_HIDDEN } from '../../../shared/ui';
import { useLanguageName } from '../lib/languages';
import styles from './LanguagePair.module.css';

/** "English → German" on screen; "From English to German" for screen readers. */
export function LanguagePair({
  from,
  to,
  className,
}: {
  from: ContentLanguage;
  to: ContentLanguage;
  className?: string;
}) {
  const { t } = useTranslation();
  const name = useLanguageName();
  return (
    <span className={cx(styles.pair, className)}>
      <span aria-hidden="true" className={styles.visual}>
        {name(from)}
        <ArrowRight className={styles.arrow} />
        {name(to)}
      </span>
      <span className={VISUALLY_HIDDEN}>
        {t('Dictionaries.LanguagePair', { from: name(from), to: name(to) })}
      </span>
    </span>
  );
}
