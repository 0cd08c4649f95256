import type { Plan } from '@wordhoard/shared';
import { Check, Sparkles, Sprout } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/lib/classNames';
import { Card, TABULAR_NUMS } from '../../../shared/ui';
import { useFormatters } from '../lib/format';
import { usePlanName } from '../lib/planName';
import { FactList } from './FactList';
import styles from './PlanCard.module.css';

interface PlanCardProps {
  plan: Plan;
  /** The plan the user is on now; marked in words, not only by colour. */
  current: boolean;
  /** The card's one action, e.g. the upgrade button. */
  action?: ReactNode;
}

/** One plan: its name, monthly price and limits. */
export function PlanCard({ plan, current, action }: PlanCardProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const planName = usePlanName();
  const titleId = useId();
  const name = planName(plan);
  const premium = plan.id === 'premium';

  return (
    <Card
      as="article"
      aria-labelledby={titleId}
      className={cx(styles.card, premium && styles.featured, current && styles.current)}
      data-plan={plan.id}
    >
      <div className={styles.header}>
        <span className={styles.icon} aria-hidden="true">
          {premium ? <Sparkles /> : <Sprout />}
        </span>
        <h2 id={titleId} className={styles.name}>
          {name}
        </h2>
        {current && (
          <span className={styles.badge}>
            <Check aria-hidden="true" />
            {t('Plans.Current')}
          </span>
        )}
      </div>
      <p className={styles.price}>
        <span className={cx(styles.amount, TABULAR_NUMS)}>{format.price(plan.price, plan.currency)}</span>{' '}
        <span className={styles.period}>{t('Plans.PerMonth')}</span>
      </p>
      <FactList
        aria-label={t('Plans.Includes', { plan: name })}
        facts={[
          {
            id: 'dictionaries',
            label: t('Plans.Limits.Dictionaries'),
            value: format.count(plan.limits.dictionaries),
          },
          {
            id: 'words',
            label: t('Plans.Limits.Words'),
            value: format.count(plan.limits.wordsPerDictionary),
          },
          { id: 'tests', label: t('Plans.Limits.Tests'), value: format.count(plan.limits.testsPerDay) },
          { id: 'media', label: t('Plans.Limits.Media'), value: format.storage(plan.limits.mediaBytes) },
        ]}
      />
      {action && <div className={styles.action}>{action}</div>}
    </Card>
  );
}
