import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui';

export default function DictionariesPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('Dictionaries.ListTitle')} />;
}
