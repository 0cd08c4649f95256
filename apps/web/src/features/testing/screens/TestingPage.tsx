import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui';

export default function TestingPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('Testing.RunTitle')} />;
}
