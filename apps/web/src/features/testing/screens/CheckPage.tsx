import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui';

export default function CheckPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('Testing.CheckTitle')} />;
}
