import { MAX_EXAMPLES, type ContentLanguage, type Word } from '@wordhoard/shared';
import { ImageIcon, Plus, Trash2, Undo2 } from 'lucide-react';
import { memo, useEffect, useId, useLayoutEffect, useRef, useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/lib/classNames';
import { Button, TABULAR_NUMS, TextAreaField, TextField, VISUALLY_HIDDEN } from '../../../shared/ui';
import { definitionsKeyDown, termKeyDown } from '../lib/editorKeys';
import { addDefinition, type EditorAction, type WordField } from '../lib/wordEditor';
import type { PendingFile } from '../lib/media';
import { DefinitionChips } from './DefinitionChips';
import { Suggestions } from './Suggestions';
import { WordEditorMedia } from './WordEditorMedia';
import styles from './WordEditorRow.module.css';
import { dirOf } from '../../../shared/languages/contentLanguages';

interface WordEditorRowProps {
  rowKey: string;
  /** The saved word; none for a new one. */
  word?: Word;
  /** Its order of creation; none for a new word. */
  number?: number;
  term: string;
  definitions: string;
  /** Example sentences, one per line (decision 0060). */
  examples: string;
  deleted: boolean;
  termError?: string;
  definitionsError?: string;
  examplesError?: string;
  /** Translation suggestions for this row's term (only the row being typed in has them). */
  suggestions?: readonly string[];
  suggestionsPending?: boolean;
  /** Focus the term once shown (a word just added). */
  focusTerm?: boolean;
  /** The dictionary's languages, for `lang` and `dir` on the fields (decision 0059). */
  termLanguage?: ContentLanguage;
  definitionsLanguage?: ContentLanguage;
  /** The dictionary, for storing a saved word's picture and recording. */
  dictionaryId: string;
  /** A new word's picture, chosen here and sent once the word is saved. */
  pendingPicture?: PendingFile | null;
  /** Chooses (or, with null, drops) a new word's picture. */
  onPicture: (rowKey: string, file: Blob | null) => void;
  dispatch: Dispatch<EditorAction>;
  /** The user is typing this row's term: suggestions follow it. */
  onActivate: (rowKey: string) => void;
  /** Enter in this word's last field: go on to the next word's term (adding one at the end). */
  onNext: (rowKey: string) => void;
}

/**
 * One word in the editor: its term, its definitions as a comma-separated list (with a chip
 * per definition to delete it, and a way to add one), and deleting the word. Props are plain
 * values, so typing in one row re-renders only that row.
 */
export const WordEditorRow = memo(function WordEditorRow({
  rowKey,
  word,
  number,
  term,
  definitions,
  examples,
  deleted,
  termError,
  definitionsError,
  examplesError,
  suggestions,
  suggestionsPending = false,
  focusTerm = false,
  termLanguage,
  definitionsLanguage,
  dictionaryId,
  pendingPicture = null,
  onPicture,
  dispatch,
  onActivate,
  onNext,
}: WordEditorRowProps) {
  const { t } = useTranslation();
  const termRef = useRef<HTMLInputElement>(null);
  const definitionsRef = useRef<HTMLInputElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  const wasDeleted = useRef(deleted);
  const [mediaOpen, setMediaOpen] = useState(false);
  const mediaId = useId();
  const existing = word !== undefined;
  const name = term.trim() || (existing ? word.term : t('Dictionaries.Editor.NewWord'));

  // Before the next key is handled: with a passive effect (after paint, in Preact) what a fast
  // typist types after Enter landed in the previous word's field.
  useLayoutEffect(() => {
    if (focusTerm) termRef.current?.focus();
  }, [focusTerm]);

  // Deleting swaps the row for an "undo" line and back: keep the focus on the swapped button.
  useEffect(() => {
    if (wasDeleted.current === deleted) return;
    wasDeleted.current = deleted;
    (deleted ? undoRef : deleteRef).current?.focus();
  }, [deleted]);

  const change = (field: WordField, value: string) =>
    dispatch({ type: 'change', key: rowKey, word, field, value });
  const touch = (field: WordField) => dispatch({ type: 'touch', key: rowKey, field });

  if (deleted) {
    return (
      <li className={cx(styles.row, styles.deleted)} data-testid="word-row">
        <span className={cx(styles.number, TABULAR_NUMS)} aria-hidden="true">
          {number}
        </span>
        <p className={styles.deletedText}>
          <s>{word?.term}</s> <span>{t('Dictionaries.Editor.WillBeDeleted')}</span>
        </p>
        <Button
          ref={undoRef}
          variant="ghost"
          size="sm"
          icon={<Undo2 />}
          aria-label={t('Dictionaries.Editor.RestoreWord', { term: word?.term ?? '' })}
          onClick={() => dispatch({ type: 'restore', id: rowKey })}
        >
          {t('Dictionaries.Editor.Restore')}
        </Button>
      </li>
    );
  }

  return (
    <li className={cx(styles.row, !existing && styles.new)} data-testid="word-row" data-row-key={rowKey}>
      <fieldset className={styles.fieldset}>
        <legend className={VISUALLY_HIDDEN}>
          {existing
            ? t('Dictionaries.Editor.WordNumber', { number: number ?? '' })
            : t('Dictionaries.Editor.NewWord')}
        </legend>
        <span className={cx(styles.number, TABULAR_NUMS)} aria-hidden="true">
          {existing ? number : <Plus />}
        </span>
        <TextField
          ref={termRef}
          label={t('Dictionaries.Editor.Term')}
          className={styles.term}
          lang={termLanguage}
          dir={dirOf(termLanguage)}
          value={term}
          autoComplete="off"
          maxLength={100}
          error={termError}
          onChange={(event) => {
            change('term', event.target.value);
            onActivate(rowKey);
          }}
          onFocus={() => onActivate(rowKey)}
          onBlur={() => touch('term')}
          onKeyDown={(event) => termKeyDown(event, definitionsRef.current)}
        />
        <div className={styles.definitions}>
          <TextField
            ref={definitionsRef}
            label={t('Dictionaries.Editor.Definitions')}
            lang={definitionsLanguage}
            dir={dirOf(definitionsLanguage)}
            value={definitions}
            autoComplete="off"
            maxLength={1000}
            error={definitionsError}
            onChange={(event) => change('definitions', event.target.value)}
            onBlur={() => touch('definitions')}
            onKeyDown={(event) =>
              definitionsKeyDown(
                event,
                (value) => change('definitions', value),
                () => onNext(rowKey),
              )
            }
          />
          <DefinitionChips
            definitions={definitions}
            name={name}
            language={definitionsLanguage}
            onChange={(value) => change('definitions', value)}
            focusDefinitions={() => definitionsRef.current?.focus()}
          />
          {(suggestions !== undefined || suggestionsPending) && (
            <Suggestions
              suggestions={suggestions ?? []}
              pending={suggestionsPending}
              onPick={(suggestion) => change('definitions', addDefinition(definitions, suggestion))}
            />
          )}
          <TextAreaField
            label={t('Dictionaries.Editor.Examples')}
            hint={t('Dictionaries.Editor.ExamplesHint', { max: MAX_EXAMPLES })}
            className={styles.examples}
            // The sentences are in the term's language.
            lang={termLanguage}
            dir={dirOf(termLanguage)}
            value={examples}
            rows={Math.min(MAX_EXAMPLES, Math.max(2, examples.split('\n').length))}
            maxLength={MAX_EXAMPLES * 260}
            error={examplesError}
            onChange={(event) => change('examples', event.target.value)}
            onBlur={() => touch('examples')}
          />
          <div className={styles.chipsRow}>
            <Button
              variant="ghost"
              size="sm"
              icon={<ImageIcon />}
              aria-expanded={mediaOpen}
              aria-controls={mediaOpen ? mediaId : undefined}
              onClick={() => setMediaOpen((open) => !open)}
            >
              {existing ? t('Dictionaries.Media.Title') : t('Dictionaries.Media.Picture')}
              {existing && word.picture && (
                <img src={word.picture.url} alt="" width={20} height={20} className={styles.mediaMark} />
              )}
            </Button>
          </div>
        </div>
        <Button
          ref={deleteRef}
          variant="ghost"
          iconOnly
          icon={<Trash2 />}
          className={styles.delete}
          aria-label={t('Dictionaries.Editor.DeleteWord', { term: name })}
          title={t('Dictionaries.Editor.DeleteWord', { term: name })}
          onClick={() => dispatch({ type: 'remove', key: rowKey, existing })}
        />
      </fieldset>
      {mediaOpen && (
        <WordEditorMedia
          id={mediaId}
          dictionaryId={dictionaryId}
          word={word}
          term={term}
          pendingPicture={pendingPicture}
          onPicture={(file) => onPicture(rowKey, file)}
        />
      )}
    </li>
  );
});
