import type { Word } from '@wordhoard/shared';
import { useCallback, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/http';
import { useUser } from '../../../shared/session';
import { useDictionaryWords, useUpdateDictionary } from '../api/dictionaries';
import type { WordsFilter } from '../api/queryKeys';
import { useNewWordPictures } from './useNewWordPictures';
import { useTermSuggestions } from './useTermSuggestions';
import {
  buildBatch,
  editorCount,
  editorReducer,
  findErrors,
  initialEditorState,
  isEmptyBatch,
  isBlank,
  isChanged,
  valuesOf,
  type EditorRow,
} from './wordEditor';
import { dictionaryPath } from '../paths';

/**
 * Which words the editor shows: the newest (asked newest first, shown oldest first, so earlier
 * pages go on top: SPEC §4) or the first ones (oldest first, later pages below).
 */
export type EditorView = 'newest' | 'first';
const EDITOR_FILTERS: Record<EditorView, WordsFilter> = {
  newest: { search: '', sort: 'create', direction: -1 },
  first: { search: '', sort: 'create', direction: 1 },
};

/**
 * The words editor's state: the loaded pages shown oldest first, the edits and drafts, their
 * errors and the batch they make, translation suggestions for the term being typed, the
 * leave-with-unsaved-changes guard, and saving the batch in one request (SPEC §4).
 */
export function useWordsEditor(dictionaryId: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  const [view, setView] = useState<EditorView>('newest');
  const query = useDictionaryWords(dictionaryId, EDITOR_FILTERS[view]);
  // While the other view's words load, the words on screen are still the previous view's.
  const [shownView, setShownView] = useState<EditorView>(view);
  if (!query.isPlaceholderData && query.data && shownView !== view) setShownView(view);
  const update = useUpdateDictionary(dictionaryId);
  const [state, dispatch] = useReducer(editorReducer, initialEditorState);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [focusInvalid, setFocusInvalid] = useState(0);
  const [saved, setSaved] = useState(false);
  // Pictures chosen for new words, by row: sent once the batch has created the words.
  const { pictures, choosePicture, uploading, uploadFor } = useNewWordPictures(dictionaryId);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const limitHintId = useId();

  const pages = query.data?.pages;
  const dictionary = pages?.[0];
  const back = dictionaryPath(dictionaryId);

  // SPEC §4: further pages are prepended; within the screen the oldest loaded word comes first.
  const loaded = useMemo(() => {
    if (!pages) return [];
    if (shownView === 'first') return pages.flatMap((page) => page.words);
    return [...pages].reverse().flatMap((page) => [...page.words].reverse());
  }, [pages, shownView]);
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
        pending: edit !== undefined && isChanged(word, edit),
      };
    });
    const drafts = state.drafts.map((draft) => ({
      key: draft.key,
      values: { term: draft.term, definitions: draft.definitions, examples: draft.examples },
      deleted: false,
      pending: true,
    }));
    return [...existing, ...drafts];
  }, [loaded, state.edits, state.deleted, state.drafts]);

  const errors = useMemo(() => findErrors(rows), [rows]);
  const batch = useMemo(() => buildBatch(state, wordsById), [state, wordsById]);
  const dirty = !isEmptyBatch(batch);

  // Suggestions follow the term being typed, once typing pauses.
  const { activeRow, shownSuggestions, suggestionsPending } = useTermSuggestions(rows, activeKey, dictionary);

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

  // The word limit and the counter count the same: saved words, less deletions, plus new rows.
  const limit = user?.limits.wordsPerDictionary ?? Number.POSITIVE_INFINITY;
  const { count, added } = editorCount(dictionary?.wordsCount ?? 0, state);
  const atLimit = count >= limit;

  // Enter in a word's last field goes on to the next word's term, adding a word at the end.
  const latest = useRef({ rows, atLimit });
  useEffect(() => {
    latest.current = { rows, atLimit };
  });
  const next = useCallback((key: string) => {
    const { rows: current, atLimit: full } = latest.current;
    const index = current.findIndex((row) => row.key === key);
    const following = current.slice(index + 1).find((row) => !row.deleted);
    if (following) {
      formRef.current?.querySelector<HTMLInputElement>(`[data-row-key="${following.key}"] input`)?.focus();
      return;
    }
    const row = current[index];
    if (!full && row && !(row.word === undefined && isBlank(row.values))) dispatch({ type: 'add' });
  }, []);

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
      const saved = await update.mutateAsync({ words: batch });
      await uploadFor(state.drafts, saved.createdWordIds);
      setSaved(true);
    } catch (error) {
      // The editor's state is untouched: everything typed stays for another try.
      if (error instanceof ApiError && error.code === 'WORD_CHANGED') {
        // A word was edited elsewhere since it was loaded (decision 0060): load the saved words
        // again, so that saving once more applies these changes on top of the new versions.
        setSaveError(t('Dictionaries.Editor.WordChanged'));
        await query.refetch().catch(() => undefined);
        return;
      }
      setSaveError(error instanceof Error ? error.message : String(error));
    }
  };

  return {
    activate,
    added,
    atLimit,
    count,
    limit,
    next,
    setView,
    shownView,
    view,
    activeRow,
    alertRef,
    back,
    blocker,
    choosePicture,
    pictures,
    uploading,
    dictionary,
    dispatch,
    errors,
    formRef,
    limitHintId,
    loaded,
    notice,
    query,
    rows,
    save,
    saveError,
    shownSuggestions,
    state,
    suggestionsPending,
    update,
    user,
  };
}
