import type { User } from '@wordhoard/shared';
import { Lock, Plus } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '../../../shared/lib/classNames';
import { PATHS } from '../../../shared/routing';
import styles from './CreateDictionaryTile.module.css';

interface CreateDictionaryTileProps {
  user: Pick<User, 'role' | 'limits'>;
  /** How many dictionaries the user has (whatever the search shows). */
  total: number;
}

/**
 * The way to a new dictionary. At the role's limit it is a disabled button that says why,
 * in the words of the MAX_DICTIONARIES error (SPEC §5, §8).
 */
export function CreateDictionaryTile({ user, total }: CreateDictionaryTileProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  const limit = user.limits.dictionaries;

  if (total < limit) {
    return (
      <Link to={PATHS.createDictionary} className={styles.tile}>
        <span className={styles.icon} aria-hidden="true">
          <Plus />
        </span>
        <span className={styles.title}>{t('Dictionaries.CreateTile')}</span>
        <span className={styles.text}>{t('Dictionaries.CreateTileText')}</span>
      </Link>
    );
  }

  return (
    <div className={cx(styles.tile, styles.disabled)} data-testid="create-dictionary-tile">
      <button type="button" disabled aria-describedby={reasonId} className={styles.button}>
        <span className={styles.icon} aria-hidden="true">
          <Lock />
        </span>
        <span className={styles.title}>{t('Dictionaries.CreateTile')}</span>
      </button>
      <p id={reasonId} className={styles.text}>
        {t('apiErrors.MAX_DICTIONARIES', { role: t(`Roles.${user.role}`), limit })}
      </p>
    </div>
  );
}
