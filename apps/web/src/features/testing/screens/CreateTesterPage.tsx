import { Library } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../shared/routing';
import { Button, Card, LoadingIndicator, Page } from '../../../shared/ui';
import { useTesterDictionaries, useTestingState } from '../api/testingApi';
import { LoadFailed } from '../components/LoadFailed';
import { TesterForm } from '../components/TesterForm';
import styles from './CreateTesterPage.module.css';

export default function CreateTesterPage() {
  const { t } = useTranslation();
  const dictionaries = useTesterDictionaries();
  const state = useTestingState();

  let content;
  if (dictionaries.isPending) {
    content = <LoadingIndicator />;
  } else if (dictionaries.isError) {
    content = (
      <LoadFailed
        message={t('Testing.Create.DictionariesFailed')}
        onRetry={() => void dictionaries.refetch()}
      />
    );
  } else if (dictionaries.data.data.length === 0) {
    content = (
      <Card className={styles.empty}>
        <Library className={styles.emptyIcon} aria-hidden="true" />
        <p>{t('Testing.Create.NoDictionaries')}</p>
        <Button to={PATHS.dictionaries}>{t('Testing.Create.GoToDictionaries')}</Button>
      </Card>
    );
  } else {
    content = (
      <TesterForm
        dictionaries={dictionaries.data.data}
        testsLeft={state.data?.testsLeft}
        testsResetAt={state.data?.testsResetAt}
        attemptsPending={state.isPending}
      />
    );
  }

  const inProgress = state.data?.test;
  return (
    <Page title={t('Testing.CreateTitle')} lead={t('Testing.Create.Lead')} width="narrow">
      {inProgress && (
        <Card className={styles.inProgress}>
          <p>{t('Testing.Create.InProgress', { position: inProgress.position, total: inProgress.total })}</p>
          <Button variant="secondary" to={PATHS.testing}>
            {t('Testing.Create.Continue')}
          </Button>
        </Card>
      )}
      {content}
    </Page>
  );
}
