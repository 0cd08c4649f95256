import { buildPath, DUE_TEST_MAX_WORDS, type Dictionary } from '@wordhoard/shared';
import { CircleAlert, Play } from 'lucide-react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '../../../shared/lib/classNames';
import { PATHS } from '../../../shared/routing';
import { Button, Card, Checkbox, Select, TABULAR_NUMS, TextField } from '../../../shared/ui';
import { SegmentedControl } from '../../../shared/ui/SegmentedControl/SegmentedControl';
import styles from '../screens/CreateTesterPage.module.css';

import { useTesterForm } from '../lib/useTesterForm';

/** The tester's options (SPEC §5): dictionary, direction, which words, and the start button. */
export interface TesterFormProps {
  dictionaries: readonly Dictionary[];
  /** Today's attempts left; undefined while loading or when it could not be loaded. */
  testsLeft: number | undefined;
  attemptsPending: boolean;
}

export function TesterForm({ dictionaries, testsLeft, attemptsPending }: TesterFormProps) {
  const { t } = useTranslation();
  const {
    attemptsId,
    by,
    control,
    describedBy,
    dictionaryOptions,
    due,
    dueHintId,
    from,
    isPending,
    noAttempts,
    nothingDue,
    period,
    problemId,
    register,
    selected,
    shownProblem,
    submit,
    user,
    errors,
  } = useTesterForm({ dictionaries, testsLeft });
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Card className={styles.section}>
        <Select
          label={t('Testing.Create.Dictionary')}
          options={dictionaryOptions}
          error={errors.dictionaryId?.message}
          hint={
            selected?.wordsCount === 0 ? (
              <>
                {t('Testing.Create.NoWordsYet')}{' '}
                <Link to={buildPath(PATHS.editWords, { dictionaryId: selected.id })}>
                  {t('Testing.Create.AddWords')}
                </Link>
              </>
            ) : undefined
          }
          {...register('dictionaryId')}
        />
        <Checkbox
          label={t('Testing.Create.Swap')}
          hint={t('Testing.Create.SwapHint')}
          {...register('swap')}
        />
      </Card>

      <Card className={styles.section}>
        <Controller
          control={control}
          name="by"
          render={({ field }) => (
            <SegmentedControl
              legend={t('Testing.Create.ChooseBy')}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              options={[
                { value: 'quantity', label: t('Testing.Create.ByQuantity') },
                { value: 'date', label: t('Testing.Create.ByDate') },
                {
                  value: 'due',
                  label:
                    due === undefined
                      ? t('Testing.Create.ByDue')
                      : t('Testing.Create.ByDueCount', { count: due }),
                  // Offered only with something due; kept choosable once chosen, to switch away.
                  disabled: due === 0 && field.value !== 'due',
                },
              ]}
              hint={due === 0 ? t('Testing.Create.NoDueHint') : undefined}
            />
          )}
        />

        {by === 'due' ? (
          <p id={dueHintId} className={cx(styles.dueText, TABULAR_NUMS)}>
            {due === undefined
              ? t('Common.Loading')
              : due === 0
                ? t('Testing.Create.NoDue')
                : t('Testing.Create.DueText', { count: due, max: DUE_TEST_MAX_WORDS })}
          </p>
        ) : by === 'quantity' ? (
          <div className={styles.range}>
            <Controller
              control={control}
              name="from"
              render={({ field }) => (
                <SegmentedControl
                  legend={t('Testing.Create.From')}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  options={[
                    { value: 'last', label: t('Testing.Create.FromLast') },
                    { value: 'first', label: t('Testing.Create.FromFirst') },
                    { value: 'all', label: t('Testing.Create.FromAll') },
                  ]}
                />
              )}
            />
            <Controller
              control={control}
              name="count"
              render={({ field }) => (
                <SegmentedControl
                  legend={t('Testing.Create.Count')}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  disabled={from === 'all'}
                  hint={from === 'all' ? t('Testing.Create.CountAllHint') : undefined}
                  options={[
                    { value: '20', label: '20' },
                    { value: '50', label: '50' },
                    { value: '100', label: '100' },
                  ]}
                />
              )}
            />
            <Controller
              control={control}
              name="order"
              render={({ field }) => (
                <SegmentedControl
                  legend={t('Testing.Create.Order')}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  options={[
                    { value: 'asc', label: t('Testing.Create.OrderAsc') },
                    { value: 'desc', label: t('Testing.Create.OrderDesc') },
                  ]}
                />
              )}
            />
          </div>
        ) : (
          <div className={styles.range}>
            <Controller
              control={control}
              name="period"
              render={({ field }) => (
                <SegmentedControl
                  legend={t('Testing.Create.Period')}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  options={[
                    { value: 'lastDay', label: t('Testing.Create.PeriodLastDay') },
                    { value: 'last3Days', label: t('Testing.Create.PeriodLast3Days') },
                    { value: 'lastWeek', label: t('Testing.Create.PeriodLastWeek') },
                    { value: 'custom', label: t('Testing.Create.PeriodCustom') },
                  ]}
                />
              )}
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

      <div className={styles.footer}>
        <p id={attemptsId} className={cx(styles.attempts, TABULAR_NUMS)}>
          {testsLeft === undefined
            ? attemptsPending && t('Common.Loading')
            : user
              ? t('Testing.Create.AttemptsLeftOf', { count: testsLeft, limit: user.limits.testsPerDay })
              : t('Testing.Create.AttemptsLeft', { count: testsLeft })}
        </p>
        {/* Always rendered, so a refusal of the start button is announced when it arrives. */}
        <div id={problemId} role="alert">
          {shownProblem && (
            <p className={styles.problem}>
              <CircleAlert className={styles.problemIcon} aria-hidden="true" />
              <span>
                {t(`apiErrors.${shownProblem}`)}
                {shownProblem === 'EMPTY_TEST' && (
                  <span className={styles.problemHint}> {t('Testing.Create.EmptyTestHint')}</span>
                )}
              </span>
            </p>
          )}
        </div>
        <Button
          type="submit"
          size="lg"
          icon={<Play />}
          disabled={noAttempts || nothingDue}
          aria-busy={isPending || undefined}
          aria-describedby={describedBy}
          className={styles.start}
        >
          {t('Testing.Create.Start')}
        </Button>
      </div>
    </form>
  );
}
