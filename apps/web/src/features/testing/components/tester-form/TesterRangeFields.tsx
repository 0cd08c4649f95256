import { CONFUSION_TEST_MAX_PAIRS, DUE_TEST_MAX_WORDS, WEAK_TEST_MAX_DEFINITIONS } from '@wordhoard/shared';
import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../../shared/lib/classNames';
import { Card, Select, TABULAR_NUMS, TextField } from '../../../../shared/ui';
import type { TesterFormValues } from '../../lib/testerForm';
import styles from '../../screens/CreateTesterPage.module.css';
import { ChoiceField } from './ChoiceField';

interface TesterRangeFieldsProps {
  control: Control<TesterFormValues>;
  register: UseFormRegister<TesterFormValues>;
  errors: FieldErrors<TesterFormValues>;
  by: TesterFormValues['by'];
  from: TesterFormValues['from'];
  period: TesterFormValues['period'];
  /** Words due today in the chosen dictionary and direction; undefined while loading. */
  due: number | undefined;
  dueHintId: string;
}

/**
 * Which words the test takes (SPEC §5): by quantity, by date added, those due today, or the
 * learner's weak spots: the definitions missed most, the pairs of words mixed up most.
 */
export function TesterRangeFields({
  control,
  register,
  errors,
  by,
  from,
  period,
  due,
  dueHintId,
}: TesterRangeFieldsProps) {
  const { t } = useTranslation();
  return (
    <Card className={styles.section}>
      <ChoiceField
        control={control}
        name="by"
        legend={t('Testing.Create.ChooseBy')}
        options={[
          { value: 'quantity', label: t('Testing.Create.ByQuantity') },
          { value: 'date', label: t('Testing.Create.ByDate') },
          {
            value: 'due',
            label:
              due === undefined ? t('Testing.Create.ByDue') : t('Testing.Create.ByDueCount', { count: due }),
            // Offered only with something due; kept choosable once chosen, to switch away.
            disabled: due === 0 && by !== 'due',
          },
          { value: 'weak', label: t('Testing.Create.ByWeak') },
          { value: 'confusions', label: t('Testing.Create.ByConfusions') },
        ]}
        hint={due === 0 ? t('Testing.Create.NoDueHint') : undefined}
      />

      {by === 'due' ? (
        <p id={dueHintId} className={cx(styles.dueText, TABULAR_NUMS)}>
          {due === undefined
            ? t('Common.Loading')
            : due === 0
              ? t('Testing.Create.NoDue')
              : t('Testing.Create.DueText', { count: due, max: DUE_TEST_MAX_WORDS })}
        </p>
      ) : by === 'weak' ? (
        <p className={cx(styles.sourceText, TABULAR_NUMS)}>
          {t('Testing.Create.WeakText', { max: WEAK_TEST_MAX_DEFINITIONS })}
        </p>
      ) : by === 'confusions' ? (
        <p className={cx(styles.sourceText, TABULAR_NUMS)}>
          {t('Testing.Create.ConfusionsText', { max: CONFUSION_TEST_MAX_PAIRS })}
        </p>
      ) : by === 'quantity' ? (
        <div className={styles.range}>
          <ChoiceField
            control={control}
            name="from"
            legend={t('Testing.Create.From')}
            options={[
              { value: 'last', label: t('Testing.Create.FromLast') },
              { value: 'first', label: t('Testing.Create.FromFirst') },
              { value: 'all', label: t('Testing.Create.FromAll') },
            ]}
          />
          <ChoiceField
            control={control}
            name="count"
            legend={t('Testing.Create.Count')}
            disabled={from === 'all'}
            hint={from === 'all' ? t('Testing.Create.CountAllHint') : undefined}
            options={[
              { value: '20', label: '20' },
              { value: '50', label: '50' },
              { value: '100', label: '100' },
            ]}
          />
          <ChoiceField
            control={control}
            name="order"
            legend={t('Testing.Create.Order')}
            options={[
              { value: 'asc', label: t('Testing.Create.OrderAsc') },
              { value: 'desc', label: t('Testing.Create.OrderDesc') },
            ]}
          />
        </div>
      ) : (
        <div className={styles.range}>
          <ChoiceField
            control={control}
            name="period"
            legend={t('Testing.Create.Period')}
            options={[
              { value: 'lastDay', label: t('Testing.Create.PeriodLastDay') },
              { value: 'last3Days', label: t('Testing.Create.PeriodLast3Days') },
              { value: 'lastWeek', label: t('Testing.Create.PeriodLastWeek') },
              { value: 'custom', label: t('Testing.Create.PeriodCustom') },
            ]}
          />
          {period === 'custom' && (
            <div className={styles.custom}>
              <TextField
                label={t('Testing.Create.Amount')}
                type="number"
                inputMode="numeric"
                min={1}
                max={9999}
                step={1}
                error={errors.amount?.message}
                className={TABULAR_NUMS}
                {...register('amount')}
              />
              <Select
                label={t('Testing.Create.Unit')}
                options={[
                  { value: 'minutes', label: t('Testing.Create.UnitMinutes') },
                  { value: 'hours', label: t('Testing.Create.UnitHours') },
                  { value: 'days', label: t('Testing.Create.UnitDays') },
                  { value: 'weeks', label: t('Testing.Create.UnitWeeks') },
                ]}
                {...register('unit')}
              />
            </div>
          )}
        </div>
      )}
    </Card>
  );
}
