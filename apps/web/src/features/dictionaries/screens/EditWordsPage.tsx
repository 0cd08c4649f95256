import { WORDS_PAGE_SIZE } from '@wordhoard/shared';
import { ArrowDown, ArrowUp, CircleExclamationPoint, Save } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Button, LoadingIndicator, Page, TABULAR_NUMS } from '../../../shared/ui';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog/ConfirmDialog';
import { AddWordBar } from '../components/AddWordBar';
import { DictionaryLoadError } from '../components/DictionaryLoadError';
import { EditorKeys } from '../components/EditorKeys';
import { WordEditorRow } from '../components/WordEditorRow';
import { shouldShowError } from '../lib/wordEditor';
import { useWordsEditor } from '../lib/useWordsEditor';
import styles from './EditWordsPage.module.css';

export default function EditWordsPage() {
  const { t } = useTranslation();
  const { dictionaryId = '' } = useParams();
  const {
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
  } = useWordsEditor(dictionaryId);
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

  const first = shownView === 'first';
  const switching = view !== shownView;
  // Which saved words are on screen: all of them, or the newest or first pages so far.
  const shown =
    loaded.length >= dictionary.total
      ? t('Dictionaries.Editor.ShownAll', { count: dictionary.total })
      : t(first ? 'Dictionaries.Editor.ShownFirst' : 'Dictionaries.Editor.ShownNewest', {
          count: dictionary.total,
          loaded: loaded.length,
        });
  const lastDraftKey = state.drafts.at(-1)?.key;

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
        <EditorKeys />

        {dictionary.total > WORDS_PAGE_SIZE && (
          <div role="group" aria-label={t('Dictionaries.Editor.WhichWords')} className={styles.views}>
            <Button
              variant={view === 'first' ? 'primary' : 'secondary'}
              size="sm"
              aria-pressed={view === 'first'}
              busy={switching && view === 'first'}
              onClick={() => setView('first')}
            >
              {t('Dictionaries.Editor.FirstWords')}
            </Button>
            <Button
              variant={view === 'newest' ? 'primary' : 'secondary'}
              size="sm"
              aria-pressed={view === 'newest'}
              busy={switching && view === 'newest'}
              onClick={() => setView('newest')}
            >
              {t('Dictionaries.Editor.NewestWords')}
            </Button>
          </div>
        )}
        {!first && !switching && query.hasNextPage && (
          <div className={styles.earlier}>
            <Button
              variant="secondary"
              icon={<ArrowUp />}
              busy={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t('Dictionaries.Editor.LoadEarlier')}
            </Button>
          </div>
        )}
        {dictionary.total > 0 && (
          <p role="status" className={`${styles.status} ${TABULAR_NUMS}`}>
            {query.isFetchingNextPage ? t('Dictionaries.LoadingMore') : shown}
          </p>
        )}

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
                  // Creation order: the first pages start at 1; the newest loaded word is the last.
                  number={
                    existing
                      ? first
                        ? index + 1
                        : dictionary.wordsCount - (loaded.length - 1 - index)
                      : undefined
                  }
                  term={row.values.term}
                  definitions={row.values.definitions}
                  examples={row.values.examples}
                  deleted={row.deleted}
                  termError={shouldShowError(state, row.key, 'term') ? rowErrors?.term : undefined}
                  definitionsError={
                    shouldShowError(state, row.key, 'definitions') ? rowErrors?.definitions : undefined
                  }
                  examplesError={
                    shouldShowError(state, row.key, 'examples') ? rowErrors?.examples : undefined
                  }
                  suggestions={row.key === activeRow?.key ? shownSuggestions : undefined}
                  suggestionsPending={row.key === activeRow?.key && suggestionsPending}
                  focusTerm={!existing && row.key === lastDraftKey}
                  termLanguage={dictionary.fromLanguage}
                  definitionsLanguage={dictionary.toLanguage}
                  dictionaryId={dictionaryId}
                  pendingPicture={existing ? undefined : (pictures.get(row.key) ?? null)}
                  onPicture={choosePicture}
                  dispatch={dispatch}
                  onActivate={activate}
                  onNext={next}
                />
              );
            })}
          </ol>
        )}
        {rows.length === 0 && <p className={styles.empty}>{t('Dictionaries.Editor.Empty')}</p>}
        {first && !switching && query.hasNextPage && (
          <div className={styles.earlier}>
            <Button
              variant="secondary"
              icon={<ArrowDown />}
              busy={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t('Dictionaries.Editor.LoadLater')}
            </Button>
          </div>
        )}

        <AddWordBar
          atLimit={atLimit}
          limit={limit}
          count={count}
          added={added}
          limitHintId={limitHintId}
          onAdd={() => dispatch({ type: 'add' })}
        />

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
          <Button type="submit" icon={<Save />} busy={update.isPending || uploading}>
            {update.isPending || uploading ? t('Dictionaries.Editor.Saving') : t('Dictionaries.Editor.Save')}
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
