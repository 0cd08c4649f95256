import { zodResolver } from '@hookform/resolvers/zod';
import { type Dictionary } from '@wordhoard/shared';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useUser } from '../../../shared/session';
import { dueFor, useDueCounts } from '../api/testingApi';
import { testLanguages, type ActiveTest } from '../../../shared/testing/activeTest';
import { languageName } from '../lib/languageName';
import {
  asksTerms,
  DEFAULT_FORM_VALUES,
  formValuesFrom,
  requestedSource,
  testerFormSchema,
  toTesterOptions,
  type TesterFormValues,
} from '../lib/testerForm';
import { useActiveTest } from '../lib/useActiveTest';
import { useStartTest } from '../../../shared/testing/useStartTest';

/**
 * The form's first values: the tab's last test, a dictionary asked for in the URL, or the
 * newest. The URL may ask for a source and the swapped direction too: the main menu's due
 * links (`source=due`, `swap=1` when only that direction is due), a dictionary's weak-spot
 * links (`source=weak`, `source=confusions`).
 */
function initialValues(
  dictionaries: readonly Dictionary[],
  activeTest: ActiveTest | null,
  requested: URLSearchParams,
): TesterFormValues {
  const requestedId = requested.get('dictionaryId');
  const exists = (id: string | null | undefined): id is string =>
    dictionaries.some((dictionary) => dictionary.id === id);
  const previous =
    activeTest && exists(activeTest.options.dictionaryId) ? formValuesFrom(activeTest.options) : null;
  const values = previous ?? { ...DEFAULT_FORM_VALUES, dictionaryId: dictionaries[0]?.id ?? '' };
  const withDictionary = exists(requestedId) ? { ...values, dictionaryId: requestedId } : values;
  const withSwap = requested.has('swap')
    ? { ...withDictionary, swap: requested.get('swap') === '1' }
    : withDictionary;
  // "Review due words" and "Practise weak definitions" links ask for their source.
  const source = requestedSource(requested.get('source'));
  return source ? { ...withSwap, by: source } : withSwap;
}

/** The tester form's state: defaults, the fields it watches, what may start, and starting. */
export function useTesterForm({
  dictionaries,
  testsLeft,
}: {
  dictionaries: readonly Dictionary[];
  testsLeft: number | undefined;
}) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const activeTest = useActiveTest();
  const [searchParams] = useSearchParams();
  const [defaultValues] = useState(() => initialValues(dictionaries, activeTest, searchParams));
  const { start, isPending, problem, resetsAt } = useStartTest();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<TesterFormValues>({ resolver: zodResolver(testerFormSchema), defaultValues });
  const [by, from, period, dictionaryId, swap, cloze] = useWatch({
    control,
    name: ['by', 'from', 'period', 'dictionaryId', 'swap', 'cloze'],
  });
  const dueCounts = useDueCounts();
  // A cloze test asks for the terms: its due words are those of that direction.
  const due = dueFor(dueCounts.data, dictionaryId, asksTerms({ swap, cloze, by }));
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
    if (noAttempts || nothingDue) return;
    const dictionary = dictionaries.find((candidate) => candidate.id === values.dictionaryId);
    if (!dictionary) return;
    start({ options: toTesterOptions(values), languages: testLanguages(dictionary, asksTerms(values)) });
  });

  return {
    attemptsId,
    by,
    cloze,
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
    resetsAt,
    selected,
    shownProblem,
    submit,
    user,
    errors,
  };
}
