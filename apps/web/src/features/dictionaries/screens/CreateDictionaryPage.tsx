import type { ContentLanguage, User } from '@wordhoard/shared';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage, limitMessage } from '../../../shared/i18n';
import { PATHS, PLANS_ROLES } from '../../../shared/routing';
import { useUser } from '../../../shared/session';
import { Button, Page } from '../../../shared/ui';
import { EmptyState } from '../../../shared/ui/EmptyState/EmptyState';
import { useCreateDictionary, useDictionariesCount, useLatestDictionary } from '../api/dictionaries';
import { DictionaryForm } from '../components/DictionaryForm';
import { newDictionaryLanguages } from '../lib/languages';
import { dictionaryPath } from '../paths';

/**
 * At the role's limit there is nothing to fill in: the page says so when it opens, in the words
 * of the MAX_DICTIONARIES error (SPEC §5, §8), and offers Premium to a `user` (SPEC §6).
 */
function LimitReached({ user }: { user: User }) {
  const { t } = useTranslation();
  const mayUpgrade = (PLANS_ROLES as readonly string[]).includes(user.role);
  return (
    <EmptyState
      title={t('Dictionaries.LimitReached')}
      icon={<Lock />}
      action={
        <>
          {mayUpgrade && <Button to={PATHS.plans}>{t('Limits.Upgrade')}</Button>}
          <Button variant={mayUpgrade ? 'secondary' : 'primary'} to={PATHS.dictionaries}>
            {t('Dictionaries.BackToList')}
          </Button>
        </>
      }
    >
      <p>{limitMessage(t, 'MAX_DICTIONARIES', { role: user.role, limit: user.limits.dictionaries })}</p>
      <p>{t('Dictionaries.LimitReachedHint')}</p>
    </EmptyState>
  );
}

export default function CreateDictionaryPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateDictionary();
  const user = useUser();
  const count = useDictionariesCount(user !== null);
  const latest = useLatestDictionary(user !== null);
  const defaults: {
    name: string;
    fromLanguage: ContentLanguage;
    toLanguage: ContentLanguage;
    examDate: null;
  } = {
    name: '',
    ...newDictionaryLanguages(currentLanguage(i18n), latest.data),
    examDate: null,
  };
  // Until the count is known (or if it cannot be read) the form shows: below the limit is the
  // usual case, and the server keeps the limit anyway.
  const atLimit = user !== null && count.data !== undefined && count.data >= user.limits.dictionaries;

  return (
    <Page
      title={t('Dictionaries.CreateTitle')}
      lead={atLimit ? undefined : t('Dictionaries.CreateLead')}
      width="narrow"
    >
      {atLimit ? (
        <LimitReached user={user} />
      ) : (
        <DictionaryForm
          defaultValues={defaults}
          submitLabel={t('Dictionaries.Create')}
          cancel={
            <Button variant="secondary" to={PATHS.dictionaries}>
              {t('Dictionaries.Cancel')}
            </Button>
          }
          onSubmit={async (values) => {
            const created = await create.mutateAsync(values);
            await navigate(dictionaryPath(created.id));
          }}
        />
      )}
    </Page>
  );
}
