import type { Language } from '@wordhoard/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../../../shared/i18n';
import { PATHS } from '../../../shared/routing';
import { Button, Page } from '../../../shared/ui';
import { useCreateDictionary } from '../api/dictionaries';
import { DictionaryForm } from '../components/DictionaryForm';
import { dictionaryPath } from '../paths';

export default function CreateDictionaryPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateDictionary();
  // Terms in English explained in the interface language is the most common first dictionary.
  const interfaceLanguage = currentLanguage(i18n);
  const defaults: { name: string; fromLanguage: Language; toLanguage: Language; examDate: null } = {
    name: '',
    fromLanguage: 'en',
    toLanguage: interfaceLanguage === 'en' ? 'de' : interfaceLanguage,
    examDate: null,
  };

  return (
    <Page title={t('Dictionaries.CreateTitle')} lead={t('Dictionaries.CreateLead')} width="narrow">
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
    </Page>
  );
}
