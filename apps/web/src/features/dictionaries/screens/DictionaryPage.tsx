import { WORDS_SORTS, type WordsSort } from '@wordhoard/shared';
import {
  ArrowLeft,
  ChartColumn,
  Download,
  Ellipsis,
  FileUp,
  ListPlus,
  Pencil,
  Play,
  SearchX,
  Trash2,
  NotebookPen,
} from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useErrorText } from '../../../shared/errors';
import { useIsMobile } from '../../../shared/hooks/useMediaQuery';
import { PATHS } from '../../../shared/routing';
import {
  Button,
  DropdownMenu,
  LoadingIndicator,
  Page,
  TABULAR_NUMS,
  type DropdownMenuItem,
} from '../../../shared/ui';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog/ConfirmDialog';
import { EmptyState } from '../../../shared/ui/EmptyState/EmptyState';
import { SearchField } from '../../../shared/ui/SearchField/SearchField';
import { useDeleteDictionary, useDictionaryWords } from '../api/dictionaries';
import { EXPORT_FORMATS, ExportButtons, useExportDownload } from '../components/ExportButtons';
import { Notice } from '../../../shared/ui/Notice/Notice';
import { useDictionaryProgress } from '../api/progress';
import { DictionaryLoadError } from '../components/DictionaryLoadError';
import { ExamCountdown } from '../components/ExamCountdown';
import { LoadMore } from '../components/LoadMore';
import { SortControls } from '../components/SortControls';
import { WordsTable } from '../components/WordsTable';
import { WeakSpotsSection, hasWeakSpots } from '../components/WeakSpotsSection';
import { useWeakSpots } from '../api/weakSpots';
import { useLanguageName } from '../lib/languages';
import { useSearch } from '../lib/search';
import { useWordsSorting } from '../lib/sorting';
import { editInfoPath, editWordsPath, importWordsPath, progressPath } from '../paths';
import type { ImportedState } from '../lib/importSource';
import styles from './DictionaryPage.module.css';

export default function DictionaryPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { dictionaryId = '' } = useParams();
  const navigate = useNavigate();
  const imported = useLocation().state as ImportedState | null;
  const languageName = useLanguageName();
  const [sorting, setSorting] = useWordsSorting();
  const search = useSearch();
  const query = useDictionaryWords(dictionaryId, { search: search.search, ...sorting });
  const remove = useDeleteDictionary(dictionaryId);
  const progress = useDictionaryProgress(dictionaryId);
  const due = progress.data && progress.data.due.forward + progress.data.due.swapped;
  const [confirming, setConfirming] = useState(false);
  const isMobile = useIsMobile();
  const exportDownload = useExportDownload(dictionaryId);

  const weakSpots = useWeakSpots(dictionaryId);
  const leeches = weakSpots.data?.leeches;
  const leechIds = useMemo(() => new Set(leeches?.map((leech) => leech.wordId)), [leeches]);
  const pages = query.data?.pages;
  const wordPages = useMemo(() => pages?.map((page) => page.words) ?? [], [pages]);
  const loadedCount = wordPages.reduce((sum, words) => sum + words.length, 0);
  const dictionary = pages?.[0];
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isPlaceholderData } = query;
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage && !isPlaceholderData) void fetchNextPage();
  }, [fetchNextPage, isFetchingNextPage, isPlaceholderData]);
  const sortLabel = (sort: WordsSort) => t(`Dictionaries.WordsSort.${sort}`);

  const askToDelete = () => {
    remove.reset();
    setConfirming(true);
  };

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync();
    } catch {
      return; // The dialog shows why.
    }
    setConfirming(false);
    await navigate(PATHS.dictionaries, { replace: true });
  };

  if (!dictionary) {
    return (
      <Page title={t('Dictionaries.ViewTitle')} width="wide">
        {query.isError ? (
          <DictionaryLoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <LoadingIndicator />
        )}
      </Page>
    );
  }

  const searching = search.search !== '';
  // One primary action per screen (DESIGN §6): the first words of an empty dictionary, else the
  // due words, else the words themselves; everything else is secondary.
  const empty = dictionary.wordsCount === 0;
  const manageWords = empty || (due !== undefined && due > 0) ? 'secondary' : 'primary';
  let list;
  if (loadedCount === 0 && !isPlaceholderData) {
    list = searching ? (
      <EmptyState icon={<SearchX />} title={t('Dictionaries.NoWordsFound', { search: search.search })} />
    ) : (
      <EmptyState
        icon={<NotebookPen />}
        title={t('Dictionaries.NoWords')}
        action={
          <Button to={editWordsPath(dictionaryId)} icon={<ListPlus />}>
            {t('Dictionaries.ManageWords')}
          </Button>
        }
      >
        {t('Dictionaries.NoWordsText')}
      </EmptyState>
    );
  } else {
    list = (
      <>
        <WordsTable
          pages={wordPages}
          total={dictionary.total}
          label={t('Dictionaries.Words')}
          busy={isPlaceholderData}
          languages={{ from: dictionary.fromLanguage, to: dictionary.toLanguage }}
          leechIds={leechIds}
        />
        <LoadMore
          hasMore={hasNextPage && !isPlaceholderData}
          loading={isFetchingNextPage}
          loaded={loadedCount}
          total={dictionary.total}
          onLoadMore={loadMore}
          label={t('Dictionaries.LoadMore')}
        />
      </>
    );
  }

  return (
    <Page title={dictionary.name} width="wide">
      <Button variant="ghost" size="sm" to={PATHS.dictionaries} icon={<ArrowLeft />} className={styles.back}>
        {t('Dictionaries.BackToList')}
      </Button>
      {imported && typeof imported.imported === 'number' && (
        <Notice tone="success">
          {t('Import.Done', { imported: imported.imported, skipped: imported.skipped })}
        </Notice>
      )}
      {dictionary.examDate && <ExamCountdown examDate={dictionary.examDate} />}
      <section className={styles.info} aria-label={t('Dictionaries.Info')}>
        <dl className={styles.facts}>
          <div>
            <dt>{t('Dictionaries.TermsLanguage')}</dt>
            <dd>{languageName(dictionary.fromLanguage)}</dd>
          </div>
          <div>
            <dt>{t('Dictionaries.DefinitionsLanguage')}</dt>
            <dd>{languageName(dictionary.toLanguage)}</dd>
          </div>
          <div>
            <dt>{t('Dictionaries.Words')}</dt>
            <dd className={TABULAR_NUMS}>{dictionary.wordsCount}</dd>
          </div>
          {due !== undefined && (
            <div>
              <dt>{t('Dictionaries.Progress.Due')}</dt>
              <dd className={TABULAR_NUMS} data-testid="dictionary-due">
                {due}
              </dd>
            </div>
          )}
        </dl>
        <div className={styles.actions}>
          {due !== undefined && due > 0 && (
            <Button
              to={`${PATHS.createTester}?dictionaryId=${encodeURIComponent(dictionaryId)}&source=due`}
              icon={<Play />}
            >
              {t('Dictionaries.ReviewDue')}
            </Button>
          )}
          {isMobile ? (
            <>
              {/* No icon: the words and "⋯" share the row of a 320 px phone in every language. */}
              <Button variant={manageWords} to={editWordsPath(dictionaryId)}>
                {t('Dictionaries.ManageWords')}
              </Button>
              {/* On a phone the words come first: the other actions wait behind "⋯" (More). */}
              <DropdownMenu
                label={t('Dictionaries.More')}
                trigger={<Ellipsis aria-hidden="true" />}
                items={[
                  {
                    id: 'progress',
                    label: t('Dictionaries.ShowProgress'),
                    to: progressPath(dictionaryId),
                    icon: <ChartColumn />,
                  },
                  {
                    id: 'edit-info',
                    label: t('Dictionaries.EditInfo'),
                    to: editInfoPath(dictionaryId),
                    icon: <Pencil />,
                  },
                  {
                    id: 'import',
                    label: t('Import.Entry'),
                    to: importWordsPath(dictionaryId),
                    icon: <FileUp />,
                  },
                  ...EXPORT_FORMATS.map((format): DropdownMenuItem => ({
                    id: `export-${format}`,
                    label: t(`Export.${format}`),
                    icon: <Download />,
                    onSelect: () => exportDownload.start(format),
                  })),
                  {
                    id: 'delete',
                    label: t('Dictionaries.Delete'),
                    icon: <Trash2 />,
                    tone: 'danger',
                    onSelect: askToDelete,
                  },
                ]}
                className={styles.more}
              />
            </>
          ) : (
            <>
              <Button variant="secondary" to={progressPath(dictionaryId)} icon={<ChartColumn />}>
                {t('Dictionaries.ShowProgress')}
              </Button>
              <Button variant="secondary" to={editInfoPath(dictionaryId)} icon={<Pencil />}>
                {t('Dictionaries.EditInfo')}
              </Button>
              <Button variant={manageWords} to={editWordsPath(dictionaryId)} icon={<ListPlus />}>
                {t('Dictionaries.ManageWords')}
              </Button>
              <Button variant="secondary" to={importWordsPath(dictionaryId)} icon={<FileUp />}>
                {t('Import.Entry')}
              </Button>
              <ExportButtons dictionaryId={dictionaryId} />
              <Button variant="danger" icon={<Trash2 />} onClick={askToDelete}>
                {t('Dictionaries.Delete')}
              </Button>
            </>
          )}
        </div>
      </section>

      {hasWeakSpots(weakSpots.data) && (
        <WeakSpotsSection
          dictionaryId={dictionaryId}
          languages={{ from: dictionary.fromLanguage, to: dictionary.toLanguage }}
          spots={weakSpots.data}
        />
      )}

      <section className={styles.words} aria-labelledby="words-heading">
        <h2 id="words-heading" className={styles.heading}>
          {t('Dictionaries.Words')}
        </h2>
        <div className={styles.toolbar}>
          <SearchField
            label={t('Dictionaries.SearchWords')}
            className={styles.search}
            value={search.input}
            onValueChange={search.change}
            error={search.error}
            busy={search.pending || isPlaceholderData}
            maxLength={100}
            // On a phone the label is for screen readers only; the empty box still says it.
            placeholder={isMobile ? t('Dictionaries.SearchWordsShort') : undefined}
          />
          <SortControls sorts={WORDS_SORTS} sortLabel={sortLabel} value={sorting} onChange={setSorting} />
        </div>
        <p role="status" className="visually-hidden">
          {searching && !isPlaceholderData ? t('Dictionaries.Found', { count: dictionary.total }) : ''}
        </p>
        {list}
      </section>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('Dictionaries.DeleteTitle', { name: dictionary.name })}
        description={t('Dictionaries.DeleteText')}
        confirmLabel={t('Dictionaries.Yes')}
        cancelLabel={t('Dictionaries.No')}
        onConfirm={() => void confirmDelete()}
        pending={remove.isPending}
        error={remove.error ? errorText(remove.error) : undefined}
      />
    </Page>
  );
}
