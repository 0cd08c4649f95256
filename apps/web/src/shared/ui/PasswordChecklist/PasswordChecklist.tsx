import {
  PASSWORD_LENGTH,
  PASSWORD_REQUIREMENTS,
  passwordRequirementStatus,
  type PasswordRequirement,
} from '@wordhoard/shared';
import { Circle, CircleCheck } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/classNames';
import { VISUALLY_HIDDEN } from '../utilities';
import styles from './PasswordChecklist.module.css';

interface PasswordChecklistProps {
  /** The password as typed so far. */
  password: string;
  /** Lets the password input list the checklist in its aria-describedby. */
  id?: string;
  className?: string;
}

/**
 * The password rules of SPEC §5, each shown as satisfied or not while the user types. The state
 * is an icon and a word (never colour alone); a polite status line tells screen-reader users how
 * many rules are met whenever that number changes.
 */
export function PasswordChecklist({ password, id, className }: PasswordChecklistProps) {
  const { t } = useTranslation();
  const autoId = useId();
  const titleId = `${id ?? autoId}-title`;
  const status = passwordRequirementStatus(password);
  const met = PASSWORD_REQUIREMENTS.filter((requirement) => status[requirement]).length;

  const label = (requirement: PasswordRequirement) => {
    switch (requirement) {
      case 'length':
        return t('Password.Rules.length', { min: PASSWORD_LENGTH.min, max: PASSWORD_LENGTH.max });
      case 'uppercase':
        return t('Password.Rules.uppercase');
      case 'lowercase':
        return t('Password.Rules.lowercase');
      case 'digit':
        return t('Password.Rules.digit');
    }
  };

  return (
    <div id={id} className={cx(styles.checklist, className)}>
      <p id={titleId} className={styles.title}>
        {t('Password.Requirements')}
      </p>
      <ul aria-labelledby={titleId} className={styles.list}>
        {PASSWORD_REQUIREMENTS.map((requirement) => {
          const satisfied = status[requirement];
          return (
            <li
              key={requirement}
              data-requirement={requirement}
              data-satisfied={satisfied}
              className={cx(styles.item, satisfied && styles.satisfied)}
            >
              {satisfied ? (
                <CircleCheck aria-hidden="true" className={styles.icon} />
              ) : (
                <Circle aria-hidden="true" className={styles.icon} />
              )}
              <span>
                {label(requirement)}
                <span className={VISUALLY_HIDDEN}>
                  {`, ${satisfied ? t('Password.Satisfied') : t('Password.NotSatisfied')}`}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
      <p role="status" className={VISUALLY_HIDDEN}>
        {password ? t('Password.Summary', { met, total: PASSWORD_REQUIREMENTS.length }) : ''}
      </p>
    </div>
  );
}
