import type { ContentLanguage, ListedWord } from '@wordhoard/shared';
import { ListPlus, NotebookPen, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui';
import { EmptyState } from '../../../shared/ui/EmptyState/EmptyState';
import { editWordsPath } from '../paths';
import { LoadMore } from './LoadMore';
import { WordsTable } from './WordsTable';

interface DictionaryWordsListProps {
  dictionaryId: string;
  /** The loaded pages of words, in order. */
  pages: readonly (readonly ListedWord[])[];
  loadedCount: number;
  /** The words matching the search (all of them without one). */
  total: number;
  languages: { from: ContentLanguage; to: ContentLanguage };
  leechIds: ReadonlySet<string>;
  /** The search typed, '' for none. */
  search: string;
  /** The previous list is shown while the next one (another search or sort) loads. */
  stale: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** A dictionary's words, page by page; or why there are none (nothing found, nothing added yet). */
export function DictionaryWordsList({
  dictionaryId,
  pages,
  loadedCount,
  total,
  languages,
  leechIds,
  search,
  stale,
  hasMore,
  loadingMore,
  onLoadMore,
}: DictionaryWordsListProps) {
  const { t } = useTranslation();

  if (loadedCount === 0 && !stale) {
    return search !== '' ? (
      <EmptyState icon={<SearchX />} title={t('Dictionaries.NoWordsFound', { search })} />
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
  }
  return (
    <>
      <WordsTable
        pages={pages}
        total={total}
        label={t('Dictionaries.Words')}
        busy={stale}
        languages={languages}
        leechIds={leechIds}
      />
      <LoadMore
        hasMore={hasMore && !stale}
        loading={loadingMore}
        loaded={loadedCount}
        total={total}
        onLoadMore={onLoadMore}
        label={t('Dictionaries.LoadMore')}
      />
    </>
  );
}
