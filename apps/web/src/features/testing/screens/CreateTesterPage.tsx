import { zodResolver } from '@hookform/resolvers/zod';
import { buildPath, DUE_TEST_MAX_WORDS, type Dictionary } from '@wordhoard/shared';
import { CircleAlert, Library, Play } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { cx } from '../../../shared/lib/classNames';
import { PATHS } from '../../../shared/routing';
import { useUser } from '../../../shared/session';
import {
  Button,
  Card,
  Checkbox,
  LoadingIndicator,
  Page,
  Select,
  TABULAR_NUMS,
  TextField,
} from '../../../shared/ui';
import { SegmentedControl } from '../../../shared/ui/SegmentedControl/SegmentedControl';
import { dueFor, useDueCounts, useTesterDictionaries, useTestingState } from '../api/testingApi';
import { LoadFailed } from '../components/LoadFailed';
import { testLanguages, type ActiveTest } from '../lib/activeTest';
import { languageName } from '../lib/languageName';
import {
  DEFAULT_FORM_VALUES,
  formValuesFrom,
  testerFormSchema,
  toTesterOptions,
  type TesterFormValues,
} from '../lib/testerForm';
import { useActiveTest } from '../lib/useActiveTest';
import { useStartTest } from '../lib/useStartTest';
import styles from './CreateTesterPage.module.css';

export default function CreateTesterPage() {
  const { t } = useTranslation();
  const dictionaries = useTesterDictionaries();
  const state = useTestingState();

  let content;
  if (dictionaries.isPending) {
    content = <LoadingIndicator />;
  } else if (dictionaries.isError) {
    content = (
      <LoadFailed
        message={t('Testing.Create.DictionariesFailed')}
        onRetry={() => void dictionaries.refetch()}
      />
    );
  } else if (dictionaries.data.data.length === 0) {
    content = (
      <Card className={styles.empty}>
        <Library className={styles.emptyIcon} aria-hidden="true" />
        <p>{t('Testing.Create.NoDictionaries')}</p>
        <Button to={PATHS.dictionaries}>{t('Testing.Create.GoToDictionaries')}</Button>
      </Card>
    );
  } else {
    content = (
      <TesterForm
        dictionaries={dictionaries.data.data}
        testsLeft={state.data?.testsLeft}
        attemptsPending={state.isPending}
      />
    );
  }

  const inProgress = state.data?.test;
  return (
    <Page title={t('Testing.CreateTitle')} lead={t('Testing.Create.Lead')} width="narrow">
      {inProgress && (
        <Card className={styles.inProgress}>
          <p>{t('Testing.Create.InProgress', { position: inProgress.position, total: inProgress.total })}</p>
          <Button variant="secondary" to={PATHS.testing}>
            {t('Testing.Create.Continue')}
          </Button>
        </Card>
      )}
      {content}
    </Page>
  );
}

/** The form's first values: the tab's last test, a dictionary asked for in the URL, or the newest. */
function initialValues(
  dictionaries: readonly Dictionary[],
  activeTest: ActiveTest | null,
  requestedId: string | null,
  requestedSource: string | null,
): TesterFormValues {
  const exists = (id: string | null | undefined): id is string =>
    dictionaries.some((dictionary) => dictionary.id === id);
  const previous =
    activeTest && exists(activeTest.options.dictionaryId) ? formValuesFrom(activeTest.options) : null;
  const values = previous ?? { ...DEFAULT_FORM_VALUES, dictionaryId: dictionaries[0]?.id ?? '' };
  const withDictionary = exists(requestedId) ? { ...values, dictionaryId: requestedId } : values;
  // "Review due words" links ask for the due source.
  return requestedSource === 'due' ? { ...withDictionary, by: 'due' } : withDictionary;
}

interface TesterFormProps {
  dictionaries: readonly Dictionary[];
  /** Today's attempts left; undefined while loading or when it could not be loaded. */
  testsLeft: number | undefined;
  attemptsPending: boolean;
}

function TesterForm({ dictionaries, testsLeft, attemptsPending }: TesterFormProps) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const activeTest = useActiveTest();
  const [searchParams] = useSearchParams();
  const [defaultValues] = useState(() =>
    initialValues(dictionaries, activeTest, searchParams.get('dictionaryId'), searchParams.get('source')),
  );
  const { start, isPending, problem } = useStartTest();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<TesterFormValues>({ resolver: zodResolver(testerFormSchema), defaultValues });
  const [by, from, period, dictionaryId, swap] = useWatch({
    control,
    name: ['by', 'from', 'period', 'dictionaryId', 'swap'],
  });
  const dueCounts = useDueCounts();
  const due = dueFor(dueCounts.data, dictionaryId, swap);
  const attemptsId = useId();
  const problemId = useId();
  const dueHintId = useId();

  const uiLanguage = i18n.resolvedLanguage ?? i18n.language;
  const dictionaryOptions = dictionaries.map((dictionary) => ({
    value: dictionary.id,
    label: t('Testing.Create.DictionaryOption', {
      name: dictionary.name,
      from: languageName(dictionary.fromLanguage, uiLanguage),
      to: languageName(dictionary.toLanguage, uiLanguage),
      count: dictionary.wordsCount,
    }),
  }));
  const selected = dictionaries.find((dictionary) => dictionary.id === dictionaryId);
  const noAttempts = testsLeft === 0;
  // At 0 attempts the start button is disabled and says why (SPEC §5, §8).
  const shownProblem = noAttempts ? 'MAX_TESTS' : problem;
  // A due test with nothing due cannot start; the hint under the source says why.
  const nothingDue = by === 'due' && due === 0;
  const describedBy = [attemptsId, shownProblem ? problemId : null, nothingDue ? dueHintId : null]
    .filter(Boolean)
    .join(' ');

  const submit = handleSubmit((values) => {
    if (isPending || noAttempts || nothingDue) return;
    const dictionary = dictionaries.find((candidate) => candidate.id === values.dictionaryId);
    if (!dictionary) return;
    start({ options: toTesterOptions(values), languages: testLanguages(dictionary, values.swap) });
  });

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
