import { buildPath, type Dictionary } from '@wordhoard/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../shared/routing';
import { Card, Checkbox, Select } from '../../../shared/ui';
import { clozeApplies } from '../lib/testerForm';
import { useTesterForm } from '../lib/useTesterForm';
import styles from '../screens/CreateTesterPage.module.css';
import { TesterFormFooter } from './tester-form/TesterFormFooter';
import { TesterRangeFields } from './tester-form/TesterRangeFields';

/** The tester's options (SPEC §5): dictionary, direction, which words, and the start button. */
export interface TesterFormProps {
  dictionaries: readonly Dictionary[];
  /** Today's attempts left; undefined while loading or when it could not be loaded. */
  testsLeft: number | undefined;
  /** When today's attempts come back; undefined while loading. */
  testsResetAt?: string;
  attemptsPending: boolean;
}

export function TesterForm({ dictionaries, testsLeft, testsResetAt, attemptsPending }: TesterFormProps) {
  const { t } = useTranslation();
  const form = useTesterForm({ dictionaries, testsLeft });
  const { errors, register, selected } = form;
  return (
    <form className={styles.form} onSubmit={form.submit} noValidate>
      <Card className={styles.section}>
        <Select
          label={t('Testing.Create.Dictionary')}
          options={form.dictionaryOptions}
          // Long dictionary names are shown whole, wrapped, rather than cut off (phones).
          shownValue={form.dictionaryOptions.find((option) => option.value === selected?.id)?.label ?? ''}
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
          // A weak-definition test asks each definition the way it was missed: swap does not apply.
          hint={
            form.by === 'weak'
              ? t('Testing.Create.SwapWeakHint')
              : form.cloze && clozeApplies(form.by)
                ? t('Testing.Create.SwapClozeHint')
                : t('Testing.Create.SwapHint')
          }
          {...register('swap')}
        />
        <Checkbox
          label={t('Testing.Create.Cloze')}
          // Weak spots are about definitions: no sentence asks them (decision 0060).
          hint={clozeApplies(form.by) ? t('Testing.Create.ClozeHint') : t('Testing.Create.ClozeWeakHint')}
          {...register('cloze')}
        />
      </Card>

      <TesterRangeFields
        control={form.control}
        register={register}
        errors={errors}
        by={form.by}
        from={form.from}
        period={form.period}
        due={form.due}
        dueHintId={form.dueHintId}
      />

      <TesterFormFooter
        user={form.user}
        testsLeft={testsLeft}
        attemptsPending={attemptsPending}
        attemptsId={form.attemptsId}
        problemId={form.problemId}
        shownProblem={form.shownProblem}
        resetsAt={form.resetsAt ?? testsResetAt}
        by={form.by}
        cloze={form.cloze && clozeApplies(form.by)}
        canStart={!form.noAttempts && !form.nothingDue}
        isPending={form.isPending}
        describedBy={form.describedBy}
      />
    </form>
  );
}
