import { zodResolver } from '@hookform/resolvers/zod';
import {
  createDictionaryBodySchema,
  VALIDATION_KEYS,
  type CreateDictionaryBody,
  type ContentLanguage,
} from '@wordhoard/shared';
import { CircleExclamationPoint, X } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useErrorText } from '../../../shared/errors';
import { ApiError } from '../../../shared/http';
import { Button, Card, TextField } from '../../../shared/ui';
import { LanguageCombobox } from './LanguageCombobox';
import styles from './DictionaryForm.module.css';

type FormInput = z.input<typeof createDictionaryBodySchema>;
type FormOutput = z.output<typeof createDictionaryBodySchema>;

const FIELDS = ['name', 'fromLanguage', 'toLanguage', 'examDate'] as const;

interface DictionaryFormProps {
  defaultValues: {
    name: string;
    fromLanguage: ContentLanguage;
    toLanguage: ContentLanguage;
    examDate: string | null;
  };
  submitLabel: string;
  /** Saves the values; a rejection is shown in the form, which keeps what was typed. */
  onSubmit: (values: CreateDictionaryBody) => Promise<unknown>;
  /** The way back without saving. */
  cancel: ReactNode;
}

/**
 * Name, terms language, definitions language and an optional exam date, validated with the
 * shared schema. An empty date field means no exam (null, which clears a stored one).
 */
export function DictionaryForm({ defaultValues, submitLabel, onSubmit, cancel }: DictionaryFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const alertRef = useRef<HTMLParagraphElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    getFieldState,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createDictionaryBodySchema),
    defaultValues,
    mode: 'onTouched',
  });
  const rootError = errors.root?.server?.message;
  const examDate = useWatch({ control, name: 'examDate' });
  // A date input reads "" when empty: that is no exam, null.
  const examDateField = register('examDate', {
    setValueAs: (value: unknown) => (value === '' ? null : value),
  });

  useEffect(() => {
    if (rootError) alertRef.current?.focus();
  }, [rootError]);

  // The create page learns the learner's last languages after the form shows: they replace
  // the first guess in the fields the learner has not touched.
  const { fromLanguage, toLanguage } = defaultValues;
  useEffect(() => {
    for (const [field, value] of [
      ['fromLanguage', fromLanguage],
      ['toLanguage', toLanguage],
    ] as const) {
      if (!getFieldState(field).isTouched && !getFieldState(field).isDirty) setValue(field, value);
    }
  }, [fromLanguage, toLanguage, getFieldState, setValue]);

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      // Field problems go next to their field; anything else above the buttons.
      const details = error instanceof ApiError ? error.details : [];
      let placed = false;
      for (const detail of details) {
        const field = FIELDS.find((name) => detail.path === name || detail.path.endsWith(`.${name}`));
        if (field) {
          setError(field, { message: detail.message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed) {
        setError('root.server', { message: errorText(error) });
      }
    }
  });

  return (
    <Card as="section">
      <form
        noValidate
        onSubmit={(event) => {
          // A half-typed date reads "" too, yet it is no wish to clear the exam.
          const date = event.currentTarget.elements.namedItem('examDate');
          if (date instanceof HTMLInputElement && date.validity.badInput) {
            event.preventDefault();
            setError('examDate', { message: VALIDATION_KEYS.invalidDate }, { shouldFocus: true });
            return;
          }
          void submit(event);
        }}
        className={styles.form}
      >
        <TextField
          label={t('Dictionaries.Name')}
          autoComplete="off"
          maxLength={100}
          error={errors.name?.message}
          {...register('name')}
        />
        <div className={styles.languages}>
          {(['fromLanguage', 'toLanguage'] as const).map((field) => (
            <Controller
              key={field}
              control={control}
              name={field}
              render={({ field: { value, onChange, onBlur, name } }) => (
                <LanguageCombobox
                  label={
                    field === 'fromLanguage'
                      ? t('Dictionaries.TermsLanguage')
                      : t('Dictionaries.DefinitionsLanguage')
                  }
                  name={name}
                  value={value}
                  onChange={onChange}
                  onBlur={onBlur}
                  error={errors[field]?.message}
                />
              )}
            />
          ))}
        </div>
        <div className={styles.examDate}>
          <TextField
            type="date"
            label={t('ExamDate.Label')}
            hint={t('ExamDate.Hint')}
            className={styles.examDateField}
            error={errors.examDate?.message}
            {...examDateField}
          />
          <Button
            type="button"
            variant="secondary"
            icon={<X />}
            className={styles.clearDate}
            aria-label={t('ExamDate.ClearLabel')}
            disabled={!examDate}
            onClick={() => {
              setValue('examDate', null, { shouldDirty: true, shouldValidate: true });
              // The button is disabled now: the focus goes to the emptied field.
              setFocus('examDate');
            }}
          >
            {t('ExamDate.Clear')}
          </Button>
        </div>
        {rootError && (
          <p ref={alertRef} role="alert" tabIndex={-1} className={styles.alert}>
            <CircleExclamationPoint aria-hidden="true" />
            <span>{rootError}</span>
          </p>
        )}
        <div className={styles.actions}>
          {cancel}
          <Button type="submit" busy={isSubmitting}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Card>
  );
}
