import { DICTIONARIES_SORTS, type DictionariesSort } from '@wordhoard/shared';
import { FileUp, Library, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../shared/errors';
import { PATHS } from '../../../shared/routing';
import { useUser } from '../../../shared/session';
import { Button, LoadingIndicator, Page, VISUALLY_HIDDEN } from '../../../shared/ui';
import { EmptyState } from '../../../shared/ui/EmptyState/EmptyState';
import { SearchField } from '../../../shared/ui/SearchField/SearchField';
import { useDictionaries, useDictionariesCount } from '../api/dictionaries';
import { CreateDictionaryTile } from '../components/CreateDictionaryTile';
import { DictionaryCard } from '../components/DictionaryCard';
import { SortControls } from '../components/SortControls';
import { useSearch } from '../lib/search';
import { useDictionariesSorting } from '../lib/sorting';
import styles from './DictionariesPage.module.css';

export default function DictionariesPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const user = useUser();
  const [sorting, setSorting] = useDictionariesSorting();
  const search = useSearch();
  const list = useDictionaries({ search: search.search, ...sorting });
  // A search hides dictionaries, so the limit needs the count of all of them.
  const count = useDictionariesCount(search.search !== '');
  const total = search.search === '' ? list.data?.total : count.data;
  const sortLabel = (sort: DictionariesSort) => t(`Dictionaries.DictionariesSort.${sort}`);

  let content;
  if (list.isPending) {
    content = <LoadingIndicator label={t('Dictionaries.Loading')} />;
  } else if (list.isError) {
    content = (
      <EmptyState
        tone="error"
        title={t('Dictionaries.LoadError')}
        action={<Button onClick={() => void list.refetch()}>{t('Common.Retry')}</Button>}
      >
        {errorText(list.error)}
      </EmptyState>
    );
  } else {
    const dictionaries = list.data.data;
    const nothingYet = dictionaries.length === 0 && search.search === '' && !list.isPlaceholderData;
    content = (
      <>
        {nothingYet && (
          <EmptyState icon={<Library />} title={t('Dictionaries.Empty')}>
            {t('Dictionaries.EmptyText')}
          </EmptyState>
        )}
        {dictionaries.length === 0 && search.search !== '' && !list.isPlaceholderData && (
          <EmptyState icon={<SearchX />} title={t('Dictionaries.NoMatches', { search: search.search })} />
        )}
        <ul className={styles.grid} aria-label={t('Dictionaries.ListTitle')} aria-busy={list.isFetching}>
          {user && total !== undefined && (
            <li>
              <CreateDictionaryTile user={user} total={total} />
            </li>
          )}
          {dictionaries.map((dictionary) => (
            <li key={dictionary.id}>
              <DictionaryCard dictionary={dictionary} />
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <Page title={t('Dictionaries.ListTitle')} lead={t('Dictionaries.ListLead')} width="wide">
      <div className={styles.toolbar}>
        <SearchField
          label={t('Dictionaries.SearchDictionaries')}
          className={styles.search}
          value={search.input}
          onValueChange={search.change}
          error={search.error}
          busy={search.pending || (list.isFetching && !list.isPending)}
          maxLength={100}
        />
        <SortControls
          sorts={DICTIONARIES_SORTS}
          sortLabel={sortLabel}
          value={sorting}
          onChange={setSorting}
        />
        {/* At the dictionary limit the create tile says why; this way in is simply not offered. */}
        {user && total !== undefined && total < user.limits.dictionaries && (
          <Button variant="secondary" to={PATHS.importDictionary} icon={<FileUp />}>
            {t('Import.NewEntry')}
          </Button>
        )}
      </div>
      <p role="status" className={VISUALLY_HIDDEN}>
        {search.search !== '' && list.data && !list.isPlaceholderData
          ? t('Dictionaries.Found', { count: list.data.total })
          : ''}
      </p>
      {content}
    </Page>
  );
}
