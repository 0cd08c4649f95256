import { WORDS_SORTS, type WordsSort } from '@wordhoard/shared';
import { ArrowLeft } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useErrorText } from '../../../shared/errors';
import { useIsMobile } from '../../../shared/hooks/useMediaQuery';
import { PATHS } from '../../../shared/routing';
import { Button, LoadingIndicator, Page } from '../../../shared/ui';
import { SearchField } from '../../../shared/ui/SearchField/SearchField';
import { useDeleteDictionary, useDictionaryWords } from '../api/dictionaries';
import { Notice } from '../../../shared/ui/Notice/Notice';
import { useDictionaryProgress } from '../api/progress';
import { DeleteDictionaryDialog } from '../components/DeleteDictionaryDialog';
import { DictionaryInfo } from '../components/DictionaryInfo';
import { DictionaryLoadError } from '../components/DictionaryLoadError';
import { DictionaryWordsList } from '../components/DictionaryWordsList';
import { ExamCountdown } from '../components/ExamCountdown';
import { SortControls } from '../components/SortControls';
import { WeakSpotsSection, hasWeakSpots } from '../components/WeakSpotsSection';
import { useWeakSpots } from '../api/weakSpots';
import { useSearch } from '../lib/search';
import { useWordsSorting } from '../lib/sorting';
import type { ImportedState } from '../lib/importSource';
import styles from './DictionaryPage.module.css';

export default function DictionaryPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { dictionaryId = '' } = useParams();
  const navigate = useNavigate();
  const imported = useLocation().state as ImportedState | null;
  const [sorting, setSorting] = useWordsSorting();
  const search = useSearch();
  const query = useDictionaryWords(dictionaryId, { search: search.search, ...sorting });
  const remove = useDeleteDictionary(dictionaryId);
  const progress = useDictionaryProgress(dictionaryId);
  const due = progress.data && progress.data.due.forward + progress.data.due.swapped;
  const [confirming, setConfirming] = useState(false);
  const isMobile = useIsMobile();

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
      <DictionaryInfo
        dictionaryId={dictionaryId}
        fromLanguage={dictionary.fromLanguage}
        toLanguage={dictionary.toLanguage}
        wordsCount={dictionary.wordsCount}
        due={due}
        onDelete={askToDelete}
      />

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
        <DictionaryWordsList
          dictionaryId={dictionaryId}
          pages={wordPages}
          loadedCount={loadedCount}
          total={dictionary.total}
          languages={{ from: dictionary.fromLanguage, to: dictionary.toLanguage }}
          leechIds={leechIds}
          search={search.search}
          stale={isPlaceholderData}
          hasMore={hasNextPage}
          loadingMore={isFetchingNextPage}
          onLoadMore={loadMore}
        />
      </section>

      <DeleteDictionaryDialog
        name={dictionary.name}
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={() => void confirmDelete()}
        pending={remove.isPending}
        error={remove.error ? errorText(remove.error) : undefined}
      />
    </Page>
  );
}
