import { normalizeSpaces, termSchema, type Word } from '@wordhoard/shared';
import { ArrowUp, CircleExclamationPoint, Plus, Save } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate, useParams } from 'react-router';
import { useUser } from '../../../shared/session';
import { Button, LoadingIndicator, Page, Spinner, TABULAR_NUMS } from '../../../shared/ui';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog/ConfirmDialog';
import { useDictionaryWords, useUpdateDictionary } from '../api/dictionaries';
import type { WordsFilter } from '../api/queryKeys';
import { useTranslationSuggestions } from '../api/translate';
import { DictionaryLoadError } from '../components/DictionaryLoadError';
import { WordEditorRow } from '../components/WordEditorRow';
import { useDebouncedValue } from '../lib/useDebouncedValue';
import {
  buildBatch,
  editorReducer,
  findErrors,
  initialEditorState,
  isEmptyBatch,
  shouldShowError,
  freshSuggestions,
  valuesOf,
  type EditorRow,
} from '../lib/wordEditor';
import { dictionaryPath } from '../paths';
import styles from './EditWordsPage.module.css';

/** Newest words first from the server; shown oldest first, so earlier pages go on top. */
const EDITOR_FILTER: WordsFilter = { search: '', sort: 'create', direction: -1 };
const SUGGESTION_DEBOUNCE_MS = 400;

export default function EditWordsPage() {
  const { t } = useTranslation();
  const { dictionaryId = '' } = useParams();
  const navigate = useNavigate();
  const user = useUser();
  const query = useDictionaryWords(dictionaryId, EDITOR_FILTER);
  const update = useUpdateDictionary(dictionaryId);
  const [state, dispatch] = useReducer(editorReducer, initialEditorState);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [focusInvalid, setFocusInvalid] = useState(0);
  const [saved, setSaved] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const limitHintId = useId();

  const pages = query.data?.pages;
  const dictionary = pages?.[0];
  const back = dictionaryPath(dictionaryId);

  // SPEC §4: further pages are prepended; within the screen the oldest loaded word comes first.
  const loaded = useMemo(
    () => (pages ? [...pages].reverse().flatMap((page) => [...page.words].reverse()) : []),
    [pages],
  );
  const wordsById = useMemo(() => new Map(loaded.map((word): [string, Word] => [word.id, word])), [loaded]);

  const rows = useMemo((): EditorRow[] => {
    const existing = loaded.map((word) => {
      const edit = state.edits[word.id];
      const values = edit ?? valuesOf(word);
      return {
        key: word.id,
        word,
        values,
        deleted: state.deleted[word.id] === true,
        pending:
          edit !== undefined && (edit.term !== word.term || edit.definitions !== valuesOf(word).definitions),
      };
    });
    const drafts = state.drafts.map((draft) => ({
      key: draft.key,
      values: { term: draft.term, definitions: draft.definitions },
      deleted: false,
      pending: true,
    }));
    return [...existing, ...drafts];
  }, [loaded, state.edits, state.deleted, state.drafts]);

  const errors = useMemo(() => findErrors(rows), [rows]);
  const batch = useMemo(() => buildBatch(state, wordsById), [state, wordsById]);
  const dirty = !isEmptyBatch(batch);

  // Suggestions follow the term being typed, once typing pauses.
  const activeRow = rows.find((row) => row.key === activeKey && row.pending && !row.deleted);
  const candidate =
    activeRow && termSchema.safeParse(activeRow.values.term).success
      ? normalizeSpaces(activeRow.values.term)
      : '';
  const lookup = useDebouncedValue(candidate, SUGGESTION_DEBOUNCE_MS);
  const suggestions = useTranslationSuggestions(lookup, dictionary?.fromLanguage, dictionary?.toLanguage);
  const shownSuggestions = activeRow ? freshSuggestions(suggestions.data ?? [], activeRow.values) : undefined;
  const suggestionsPending = lookup !== '' && lookup === candidate && suggestions.isFetching;

  // Leaving with unsaved changes asks first; a finished save, or a session that ended, leaves freely.
  const blocker = useBlocker(dirty && !saved && user !== null);
  useEffect(() => {
    if (!dirty || saved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, saved]);
  useEffect(() => {
    if (saved) void navigate(back);
  }, [saved, navigate, back]);

  useEffect(() => {
    if (focusInvalid > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusInvalid]);
  useEffect(() => {
    if (saveError) alertRef.current?.focus();
  }, [saveError]);

  const activate = useCallback((key: string) => setActiveKey(key), []);

  if (!dictionary) {
    return (
      <Page title={t('Dictionaries.EditWordsTitle')} width="wide">
        {query.isError ? (
          <DictionaryLoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <LoadingIndicator />
        )}
      </Page>
    );
  }

  const limit = user?.limits.wordsPerDictionary ?? Number.POSITIVE_INFINITY;
  const count = dictionary.wordsCount - Object.keys(state.deleted).length + state.drafts.length;
  const atLimit = count >= limit;
  const maxWords = t('Dictionaries.Editor.MaxWords');
  const lastDraftKey = state.drafts.at(-1)?.key;

  const save = async () => {
    dispatch({ type: 'submit' });
    setSaveError(null);
    setNotice(null);
    if (errors.size > 0) {
      setFocusInvalid((n) => n + 1);
      return;
    }
    if (isEmptyBatch(batch)) {
      setNotice(t('Dictionaries.Editor.NoChanges'));
      return;
    }
    try {
      await update.mutateAsync({ words: batch });
      setSaved(true);
    } catch (error) {
      // The editor's state is untouched: everything typed stays for another try.
      setSaveError(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Page title={t('Dictionaries.EditWordsTitle')} lead={dictionary.name} width="wide">
      <form
        ref={formRef}
        noValidate
        className={styles.form}
        aria-label={t('Dictionaries.EditWordsTitle')}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <p className={styles.hint}>{t('Dictionaries.Editor.Hint')}</p>

        {query.hasNextPage && (
          <div className={styles.earlier}>
            <Button
              variant="secondary"
              icon={query.isFetchingNextPage ? <Spinner size="sm" /> : <ArrowUp />}
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t('Dictionaries.Editor.LoadEarlier')}
            </Button>
          </div>
        )}
        <p role="status" className={`${styles.status} ${TABULAR_NUMS}`}>
          {query.isFetchingNextPage
            ? t('Dictionaries.LoadingMore')
            : t('Dictionaries.Shown', { loaded: loaded.length, total: dictionary.total })}
        </p>

        {rows.length > 0 && (
          <ol className={styles.rows} aria-label={t('Dictionaries.Words')}>
            {rows.map((row, index) => {
              const rowErrors = errors.get(row.key);
              const existing = row.word !== undefined;
              return (
                <WordEditorRow
                  key={row.key}
                  rowKey={row.key}
                  word={row.word}
                  // Creation order: the newest loaded word is the dictionary's last.
                  number={existing ? dictionary.wordsCount - (loaded.length - 1 - index) : undefined}
                  term={row.values.term}
                  definitions={row.values.definitions}
                  deleted={row.deleted}
                  termError={shouldShowError(state, row.key, 'term') ? rowErrors?.term : undefined}
                  definitionsError={
                    shouldShowError(state, row.key, 'definitions') ? rowErrors?.definitions : undefined
                  }
                  suggestions={row.key === activeRow?.key ? shownSuggestions : undefined}
                  suggestionsPending={row.key === activeRow?.key && suggestionsPending}
                  focusTerm={!existing && row.key === lastDraftKey}
                  dispatch={dispatch}
                  onActivate={activate}
                />
              );
            })}
          </ol>
        )}
        {rows.length === 0 && <p className={styles.empty}>{t('Dictionaries.Editor.Empty')}</p>}

        <div className={styles.add}>
          <Button
            variant="secondary"
            icon={<Plus />}
            disabled={atLimit}
            title={atLimit ? maxWords : undefined}
            aria-describedby={atLimit ? limitHintId : undefined}
            onClick={() => dispatch({ type: 'add' })}
          >
            {t('Dictionaries.Editor.AddWord')}
          </Button>
          <span className={`${styles.count} ${TABULAR_NUMS}`}>
            {Number.isFinite(limit)
              ? t('Dictionaries.Editor.Count', { count, limit })
              : t('Dictionaries.WordsCount', { count })}
          </span>
          {atLimit && (
            <p id={limitHintId} className={styles.limit}>
              {maxWords}
            </p>
          )}
        </div>

        {saveError && (
          <p ref={alertRef} role="alert" tabIndex={-1} className={styles.alert}>
            <CircleExclamationPoint aria-hidden="true" />
            <span>{t('Dictionaries.Editor.SaveFailed', { message: saveError })}</span>
          </p>
        )}
        {errors.size > 0 && state.submitted && (
          <p role="alert" className={styles.alert}>
            <CircleExclamationPoint aria-hidden="true" />
            <span>{t('Dictionaries.Editor.FixErrors')}</span>
          </p>
        )}
        <p role="status" className={styles.notice}>
          {notice}
        </p>

        <div className={styles.actions}>
          <Button variant="secondary" to={back}>
            {t('Dictionaries.Cancel')}
          </Button>
          <Button
            type="submit"
            icon={update.isPending ? <Spinner size="sm" /> : <Save />}
            disabled={update.isPending}
            aria-busy={update.isPending || undefined}
          >
            {update.isPending ? t('Dictionaries.Editor.Saving') : t('Dictionaries.Editor.Save')}
          </Button>
        </div>
      </form>

      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => {
          if (!open) blocker.reset?.();
        }}
        title={t('Dictionaries.Editor.LeaveTitle')}
        description={t('Dictionaries.Editor.LeaveText')}
        confirmLabel={t('Dictionaries.Editor.Leave')}
        cancelLabel={t('Dictionaries.Editor.Stay')}
        onConfirm={() => blocker.proceed?.()}
      />
    </Page>
  );
}
