import {
  createDictionaryBodySchema,
  guessImportOptions,
  parseImport,
  previewImport,
  type ImportContext,
  type ImportResult,
  type Language,
} from '@wordhoard/shared';
import { ArrowLeft, CircleAlert, FileUp, Upload } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { currentLanguage, useMessageTranslator } from '../../../shared/i18n';
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
import { useDictionaryExport, useImportDictionary, useImportWords } from '../api/dictionaries';
import { DictionaryLoadError } from '../components/DictionaryLoadError';
import {
  DEFAULT_SOURCE,
  fromImportOptions,
  toImportOptions,
  type ImportedState,
  type SourceSettings,
} from '../lib/importSource';
import { useLanguageOptions } from '../lib/languages';
import { dictionaryPath } from '../paths';
import styles from './ImportPage.module.css';

const ROW_CLASS = { ready: styles.rowReady, skipped: styles.rowSkipped, error: styles.rowError };

/** Rows drawn at once; the counts and the "problems only" filter cover the rest. */
const MAX_SHOWN_ROWS = 500;

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
      onImport={(words) => save.mutateAsync({ words })}
    />
  );
}

function ImportIntoNewDictionary() {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const save = useImportDictionary();
  const languages = useLanguageOptions();
  const interfaceLanguage = currentLanguage(i18n);
  const [info, setInfo] = useState<{ name: string; fromLanguage: Language; toLanguage: Language }>({
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
      onImport={(words) => save.mutateAsync({ ...info, words })}
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
          <Select
            label={t('Dictionaries.TermsLanguage')}
            options={languages}
            value={info.fromLanguage}
            error={errors.fromLanguage}
            onChange={(event) => change('fromLanguage', event.target.value)}
          />
          <Select
            label={t('Dictionaries.DefinitionsLanguage')}
            options={languages}
            value={info.toLanguage}
            error={errors.toLanguage}
            onChange={(event) => change('toLanguage', event.target.value)}
          />
        </div>
      </Card>
    </ImportScreen>
  );
}

interface ImportScreenProps {
  title: string;
  back: string;
  context: ImportContext;
  onImport: (words: { term: string; definitions: string[] }[]) => Promise<ImportResult>;
  /** Checks the screen's own fields before saving; false stops the import. */
  validate?: () => boolean;
  /** Places a server validation detail next to its field; false when it has none. */
  onServerFieldError?: (path: string, message: string) => boolean;
  onSourceInfo?: (info: { name?: string; fromLanguage?: Language; toLanguage?: Language }) => void;
  children?: ReactNode;
}

function ImportScreen({
  title,
  back,
  context,
  onImport,
  validate,
  onServerFieldError,
  onSourceInfo,
  children,
}: ImportScreenProps) {
  const { t } = useTranslation();
  const translate = useMessageTranslator();
  const navigate = useNavigate();
  const fileInput = useRef<HTMLInputElement>(null);
  const textId = useId();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [settings, setSettings] = useState<SourceSettings>(DEFAULT_SOURCE);
  const [problemsOnly, setProblemsOnly] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const deferredText = useDeferredValue(text);
  const parsed = useMemo(
    () => parseImport(deferredText, toImportOptions(settings)),
    [deferredText, settings],
  );
  const preview = useMemo(() => previewImport(parsed.entries, context), [parsed, context]);
  const stale = deferredText !== text;
  const update = (patch: Partial<SourceSettings>) => setSettings((current) => ({ ...current, ...patch }));

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFileError(null);
    let content: string;
    try {
      content = await file.text();
    } catch {
      setFileError(t('Import.FileUnreadable'));
      return;
    }
    setFileName(file.name);
    setText(content);
    const guessed = guessImportOptions(file.name, content);
    setSettings((current) => fromImportOptions(guessed, current));
    if (guessed.format === 'json') {
      const info = parseImport(content, guessed).dictionary;
      if (info) onSourceInfo?.(info);
    }
  }

  async function save() {
    setSaveError(null);
    if (validate && !validate()) return;
    setSaving(true);
    try {
      const result = await onImport(preview.words);
      // Skipped: what the preview left out plus what the server found already there meanwhile.
      const state: ImportedState = {
        imported: result.imported,
        skipped: preview.counts.skipped + result.skipped.length,
      };
      await navigate(dictionaryPath(result.dictionary.id), { state });
    } catch (error) {
      // What was typed stays: the text, the settings and the fields are untouched.
      const details = (error as { details?: { path: string; message: string }[] }).details ?? [];
      const placed = details.some((detail) => onServerFieldError?.(detail.path, detail.message));
      if (!placed) setSaveError(error instanceof Error ? error.message : String(error));
      setSaving(false);
    }
  }

  const rows = problemsOnly ? preview.rows.filter((row) => row.status !== 'ready') : preview.rows;
  const shown = rows.slice(0, MAX_SHOWN_ROWS);
  const { counts } = preview;

  return (
    <Page title={title} lead={t('Import.Lead')} width="wide">
      <Button variant="ghost" size="sm" to={back} icon={<ArrowLeft />} className={styles.back}>
        {t('Import.Back')}
      </Button>
      {children}

      <Card as="section" className={styles.section} aria-labelledby="import-source-title">
        <h2 id="import-source-title" className={styles.sectionTitle}>
          {t('Import.SourceTitle')}
        </h2>
        <div className={styles.fileRow}>
          <input
            ref={fileInput}
            type="file"
            accept=".csv,.tsv,.txt,.json,text/csv,text/tab-separated-values,text/plain,application/json"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="import-file"
            onChange={(event) => void chooseFile(event)}
          />
          <Button variant="secondary" icon={<FileUp />} onClick={() => fileInput.current?.click()}>
            {t('Import.ChooseFile')}
          </Button>
          <span className={styles.fileName}>{fileName ?? t('Import.NoFile')}</span>
        </div>
        {fileError && (
          <p role="alert" className={styles.error}>
            <CircleAlert aria-hidden="true" /> {fileError}
          </p>
        )}
        <div className={styles.field}>
          <label htmlFor={textId} className={styles.label}>
            {t('Import.TextLabel')}
          </label>
          <p id={`${textId}-hint`} className={styles.hint}>
            {t('Import.TextHint')}
          </p>
          <textarea
            id={textId}
            className={styles.textarea}
            value={text}
            rows={8}
            spellCheck={false}
            aria-describedby={`${textId}-hint`}
            placeholder={t('Import.TextPlaceholder')}
            onChange={(event) => setText(event.target.value)}
          />
        </div>

        <div className={styles.options}>
          <Select
            label={t('Import.Format')}
            value={settings.format}
            options={[
              { value: 'delimited', label: t('Import.Formats.delimited') },
              { value: 'quizlet', label: t('Import.Formats.quizlet') },
              { value: 'json', label: t('Import.Formats.json') },
            ]}
            onChange={(event) => update({ format: event.target.value as SourceSettings['format'] })}
          />
          {settings.format === 'delimited' && (
            <>
              <Select
                label={t('Import.Delimiter')}
                value={settings.delimiter}
                options={[
                  { value: ',', label: t('Import.Separators.comma') },
                  { value: ';', label: t('Import.Separators.semicolon') },
                  { value: '\t', label: t('Import.Separators.tab') },
                ]}
                onChange={(event) => update({ delimiter: event.target.value as SourceSettings['delimiter'] })}
              />
              <Checkbox
                label={t('Import.SkipHeader')}
                checked={settings.skipHeader}
                onChange={(event) => update({ skipHeader: event.target.checked })}
              />
            </>
          )}
          {settings.format === 'quizlet' && (
            <>
              <Select
                label={t('Import.TermSeparator')}
                value={settings.termSeparator}
                options={[
                  { value: 'tab', label: t('Import.Separators.tab') },
                  { value: 'comma', label: t('Import.Separators.comma') },
                  { value: 'dash', label: t('Import.Separators.dash') },
                  { value: 'custom', label: t('Import.Separators.custom') },
                ]}
                onChange={(event) =>
                  update({ termSeparator: event.target.value as SourceSettings['termSeparator'] })
                }
              />
              {settings.termSeparator === 'custom' && (
                <TextField
                  label={t('Import.CustomTermSeparator')}
                  value={settings.customTermSeparator}
                  maxLength={10}
                  onChange={(event) => update({ customTermSeparator: event.target.value })}
                />
              )}
              <Select
                label={t('Import.CardSeparator')}
                value={settings.cardSeparator}
                options={[
                  { value: 'newline', label: t('Import.Separators.newline') },
                  { value: 'semicolon', label: t('Import.Separators.semicolon') },
                  { value: 'custom', label: t('Import.Separators.custom') },
                ]}
                onChange={(event) =>
                  update({ cardSeparator: event.target.value as SourceSettings['cardSeparator'] })
                }
              />
              {settings.cardSeparator === 'custom' && (
                <TextField
                  label={t('Import.CustomCardSeparator')}
                  value={settings.customCardSeparator}
                  maxLength={10}
                  onChange={(event) => update({ customCardSeparator: event.target.value })}
                />
              )}
            </>
          )}
        </div>
      </Card>

      <section className={styles.previewSection} aria-labelledby="import-preview-title" aria-busy={stale}>
        <h2 id="import-preview-title" className={styles.sectionTitle}>
          {t('Import.PreviewTitle')}
        </h2>
        {parsed.error ? (
          <p role="alert" className={styles.error}>
            <CircleAlert aria-hidden="true" /> {translate(parsed.error)}
          </p>
        ) : counts.total === 0 ? (
          <p className={styles.hint}>{t('Import.PreviewEmpty')}</p>
        ) : (
          <>
            <dl className={styles.counts} data-testid="import-counts">
              <div>
                <dt>{t('Import.Counts.ready')}</dt>
                <dd className={TABULAR_NUMS}>{counts.ready}</dd>
              </div>
              <div>
                <dt>{t('Import.Counts.skipped')}</dt>
                <dd className={TABULAR_NUMS}>{counts.skipped}</dd>
              </div>
              <div className={counts.errors > 0 ? styles.countError : undefined}>
                <dt>{t('Import.Counts.errors')}</dt>
                <dd className={TABULAR_NUMS}>{counts.errors}</dd>
              </div>
            </dl>
            <Checkbox
              label={t('Import.ProblemsOnly')}
              checked={problemsOnly}
              onChange={(event) => setProblemsOnly(event.target.checked)}
            />
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t('Import.Columns.line')}</th>
                    <th scope="col">{t('Import.Columns.term')}</th>
                    <th scope="col">{t('Import.Columns.definitions')}</th>
                    <th scope="col">{t('Import.Columns.status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((row, index) => (
                    <tr
                      key={`${row.line}-${index}`}
                      className={ROW_CLASS[row.status]}
                      data-status={row.status}
                    >
                      <td className={TABULAR_NUMS}>{row.line}</td>
                      <td>{row.term}</td>
                      <td>{row.definitions.join(', ')}</td>
                      <td>
                        <span className={styles.status}>{t(`Import.Status.${row.status}`)}</span>
                        {row.problems.length > 0 && (
                          <ul className={styles.problems}>
                            {row.problems.map((problem) => (
                              <li key={`${problem.field}-${problem.message}`}>
                                {problem.field !== 'line' && `${t(`Import.Columns.${problem.field}`)}: `}
                                {translate(problem.message)}
                              </li>
                            ))}
                          </ul>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {rows.length > shown.length && (
              <p className={styles.hint}>
                {t('Import.MoreRows', { shown: shown.length, total: rows.length })}
              </p>
            )}
          </>
        )}
      </section>

      <div className={styles.saveBar}>
        {preview.blocked && <p className={styles.hint}>{t('Import.FixFirst')}</p>}
        {saveError && (
          <p role="alert" className={styles.error}>
            <CircleAlert aria-hidden="true" /> {saveError}
          </p>
        )}
        <Button
          size="lg"
          icon={<Upload />}
          disabled={saving || stale || preview.blocked || counts.ready === 0}
          onClick={() => void save()}
        >
          {saving ? t('Import.Saving') : t('Import.Submit')}
        </Button>
      </div>
    </Page>
  );
}
