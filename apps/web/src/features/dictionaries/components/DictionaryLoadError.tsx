import { CircleAlert, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../shared/errors';
import { ApiError } from '../../../shared/http';
import { PATHS } from '../../../shared/routing';
import { Button } from '../../../shared/ui';
import { EmptyState } from '../../../shared/ui/EmptyState/EmptyState';

/** A dictionary that could not be loaded: gone (or never ours), or a failure worth retrying. */
export function DictionaryLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (error instanceof ApiError && error.status === 404) {
    return (
      <EmptyState
        icon={<SearchX />}
        title={t('Dictionaries.NotFound')}
        action={<Button to={PATHS.dictionaries}>{t('Dictionaries.BackToList')}</Button>}
      >
        {t('Dictionaries.NotFoundText')}
      </EmptyState>
    );
  }
  return (
    <EmptyState
      tone="error"
      icon={<CircleAlert />}
      title={t('Dictionaries.LoadDictionaryError')}
      action={<Button onClick={onRetry}>{t('Common.Retry')}</Button>}
    >
      {errorText(error)}
    </EmptyState>
  );
}
