import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui';

export default function EditDictionaryInfoPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('Dictionaries.EditInfoTitle')} />;
}
