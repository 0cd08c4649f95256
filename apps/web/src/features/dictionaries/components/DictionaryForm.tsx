import { zodResolver } from '@hookform/resolvers/zod';
import { createDictionaryBodySchema, type CreateDictionaryBody, type Language } from '@wordhoard/shared';
import { CircleExclamationPoint } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../../shared/http';
import { Button, Card, Select, TextField } from '../../../shared/ui';
import { useLanguageOptions } from '../lib/languages';
import styles from './DictionaryForm.module.css';

type FormInput = z.input<typeof createDictionaryBodySchema>;
type FormOutput = z.output<typeof createDictionaryBodySchema>;

const FIELDS = ['name', 'fromLanguage', 'toLanguage'] as const;

interface DictionaryFormProps {
  defaultValues: { name: string; fromLanguage: Language; toLanguage: Language };
  submitLabel: string;
  /** Saves the values; a rejection is shown in the form, which keeps what was typed. */
  onSubmit: (values: CreateDictionaryBody) => Promise<unknown>;
  /** The way back without saving. */
  cancel: ReactNode;
}

/** Name, terms language and definitions language, validated with the shared schema. */
export function DictionaryForm({ defaultValues, submitLabel, onSubmit, cancel }: DictionaryFormProps) {
  const { t } = useTranslation();
  const languages = useLanguageOptions();
  const alertRef = useRef<HTMLParagraphElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createDictionaryBodySchema),
    defaultValues,
    mode: 'onTouched',
  });
  const rootError = errors.root?.server?.message;

  useEffect(() => {
    if (rootError) alertRef.current?.focus();
  }, [rootError]);

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
        setError('root.server', { message: error instanceof Error ? error.message : String(error) });
      }
    }
  });

  return (
    <Card as="section">
      <form noValidate onSubmit={(event) => void submit(event)} className={styles.form}>
        <TextField
          label={t('Dictionaries.Name')}
          autoComplete="off"
          maxLength={100}
          error={errors.name?.message}
          {...register('name')}
        />
        <div className={styles.languages}>
          <Select
            label={t('Dictionaries.TermsLanguage')}
            options={languages}
            error={errors.fromLanguage?.message}
            {...register('fromLanguage')}
          />
          <Select
            label={t('Dictionaries.DefinitionsLanguage')}
            options={languages}
            error={errors.toLanguage?.message}
            {...register('toLanguage')}
          />
        </div>
        {rootError && (
          <p ref={alertRef} role="alert" tabIndex={-1} className={styles.alert}>
            <CircleExclamationPoint aria-hidden="true" />
            <span>{rootError}</span>
          </p>
        )}
        <div className={styles.actions}>
          {cancel}
          <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Card>
  );
}
