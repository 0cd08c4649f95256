import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui';

export default function DictionaryPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('Dictionaries.ViewTitle')} />;
}
