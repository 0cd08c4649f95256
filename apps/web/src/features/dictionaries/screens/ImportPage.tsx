import { createDictionaryBodySchema, type ImportContext, type ContentLanguage } from '@wordhoard/shared';
import { Layers } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { currentLanguage } from '../../../shared/i18n';
import { PATHS } from '../../../shared/routing';
import { useUser } from '../../../shared/session';
import { Button, Card, LoadingIndicator, Page, TextField } from '../../../shared/ui';
import { useDictionaryExport, useImportDictionary, useImportWords } from '../api/dictionaries';
import { DictionaryLoadError } from '../components/DictionaryLoadError';
import { ImportScreen } from '../components/ImportScreen';
import { LanguageCombobox } from '../components/LanguageCombobox';
import { dictionaryPath, importAnkiPath } from '../paths';
import styles from './ImportPage.module.css';

/** `/dictionaries/:id/import` adds to that dictionary; `/dictionaries/import` makes a new one. */
export default function ImportPage() {
  const { dictionaryId } = useParams();
  return dictionaryId ? <ImportIntoDictionary id={dictionaryId} /> : <ImportIntoNewDictionary />;
}

function ImportIntoDictionary({ id }: { id: string }) {
  const { t } = useTranslation();
  const user = useUser();
  const dictionary = useDictionaryExport(id);
  const save = useImportWords(id);
  const data = dictionary.data;
  const context = useMemo<ImportContext | null>(
    () =>
      data && user
        ? {
            existingTerms: data.words.map((word) => word.term),
            existingCount: data.wordsCount,
            wordLimit: user.limits.wordsPerDictionary,
          }
        : null,
    [data, user],
  );

  if (!data || !context) {
    return (
      <Page title={t('Import.Title')} width="wide">
        {dictionary.isError ? (
          <DictionaryLoadError error={dictionary.error} onRetry={() => void dictionary.refetch()} />
        ) : (
          <LoadingIndicator />
        )}
      </Page>
    );
  }
  return (
    <ImportScreen
      title={t('Import.IntoTitle', { name: data.name })}
      back={dictionaryPath(id)}
      context={context}
      onImport={(body, onUploadProgress) => save.mutateAsync({ body, onUploadProgress })}
    >
      <Card as="section" className={styles.section} aria-labelledby="import-anki-title">
        <h2 id="import-anki-title" className={styles.sectionTitle}>
          {t('Anki.FromAnkiTitle')}
        </h2>
        <p className={styles.hint}>{t('Anki.FromAnkiHint')}</p>
        <Button variant="secondary" icon={<Layers />} to={importAnkiPath(id)}>
          {t('Anki.Open')}
        </Button>
      </Card>
    </ImportScreen>
  );
}

function ImportIntoNewDictionary() {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const save = useImportDictionary();
  const interfaceLanguage = currentLanguage(i18n);
  const [info, setInfo] = useState<{
    name: string;
    fromLanguage: ContentLanguage;
    toLanguage: ContentLanguage;
  }>({
    name: '',
    fromLanguage: 'en',
    toLanguage: interfaceLanguage === 'en' ? 'de' : interfaceLanguage,
  });
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<'name' | 'fromLanguage' | 'toLanguage', string>>>({});
  const context = useMemo<ImportContext>(
    () => ({ existingTerms: [], existingCount: 0, wordLimit: user?.limits.wordsPerDictionary ?? 0 }),
    [user],
  );
  const change = (field: keyof typeof info, value: string) => {
    setTouched(true);
    setInfo((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <ImportScreen
      title={t('Import.NewTitle')}
      back={PATHS.dictionaries}
      context={context}
      // A Wordhoard JSON export carries the dictionary's name and languages; use them until edited.
      onSourceInfo={(source) => {
        if (touched) return;
        setInfo((current) => ({
          name: source.name ?? current.name,
          fromLanguage: source.fromLanguage ?? current.fromLanguage,
          toLanguage: source.toLanguage ?? current.toLanguage,
        }));
      }}
      validate={() => {
        const parsed = createDictionaryBodySchema.safeParse(info);
        if (parsed.success) return true;
        const next: typeof errors = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path[0] as keyof typeof errors;
          next[field] ??= issue.message;
        }
        setErrors(next);
        return false;
      }}
      onImport={(request, onUploadProgress) =>
        save.mutateAsync({ body: { ...info, ...request }, onUploadProgress })
      }
      onServerFieldError={(path, message) => {
        const field = (['name', 'fromLanguage', 'toLanguage'] as const).find((name) => path.endsWith(name));
        if (!field) return false;
        setErrors((current) => ({ ...current, [field]: message }));
        return true;
      }}
    >
      <Card as="section" className={styles.section} aria-labelledby="import-new-title">
        <h2 id="import-new-title" className={styles.sectionTitle}>
          {t('Import.NewDictionary')}
        </h2>
        <div className={styles.infoFields}>
          <TextField
            label={t('Dictionaries.Name')}
            autoComplete="off"
            maxLength={100}
            value={info.name}
            error={errors.name}
            onChange={(event) => change('name', event.target.value)}
          />
          <LanguageCombobox
            label={t('Dictionaries.TermsLanguage')}
            value={info.fromLanguage}
            error={errors.fromLanguage}
            onChange={(language) => change('fromLanguage', language)}
          />
          <LanguageCombobox
            label={t('Dictionaries.DefinitionsLanguage')}
            value={info.toLanguage}
            error={errors.toLanguage}
            onChange={(language) => change('toLanguage', language)}
          />
        </div>
      </Card>
    </ImportScreen>
  );
}
