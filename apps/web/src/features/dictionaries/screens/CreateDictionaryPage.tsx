import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui';

export default function CreateDictionaryPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('Dictionaries.CreateTitle')} />;
}
