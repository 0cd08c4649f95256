import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui';

export default function FinishPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('Testing.FinishTitle')} />;
}
