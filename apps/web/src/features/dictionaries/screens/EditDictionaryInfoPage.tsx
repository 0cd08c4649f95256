import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Button, LoadingIndicator, Page } from '../../../shared/ui';
import { useDictionaryInfo, useUpdateDictionary } from '../api/dictionaries';
import { DictionaryForm } from '../components/DictionaryForm';
import { DictionaryLoadError } from '../components/DictionaryLoadError';
import { dictionaryPath } from '../paths';

export default function EditDictionaryInfoPage() {
  const { t } = useTranslation();
  const { dictionaryId = '' } = useParams();
  const navigate = useNavigate();
  const info = useDictionaryInfo(dictionaryId);
  const update = useUpdateDictionary(dictionaryId);
  const back = dictionaryPath(dictionaryId);

  // An answer a save marked stale (this form's last save) is refetched before the form takes
  // its values: they are read once, when it mounts.
  const refreshing = info.isStale && info.isFetching && !info.isFetchedAfterMount;

  let content;
  if (info.isPending || refreshing) {
    content = <LoadingIndicator />;
  } else if (info.isError) {
    content = <DictionaryLoadError error={info.error} onRetry={() => void info.refetch()} />;
  } else {
    const { name, fromLanguage, toLanguage, examDate } = info.data;
    content = (
      <DictionaryForm
        key={info.data.id}
        defaultValues={{ name, fromLanguage, toLanguage, examDate }}
        submitLabel={t('Dictionaries.Save')}
        cancel={
          <Button variant="secondary" to={back}>
            {t('Dictionaries.Cancel')}
          </Button>
        }
        onSubmit={async (values) => {
          await update.mutateAsync(values);
          await navigate(back);
        }}
      />
    );
  }

  return (
    <Page title={t('Dictionaries.EditInfoTitle')} lead={info.data?.name} width="narrow">
      {content}
    </Page>
  );
}
