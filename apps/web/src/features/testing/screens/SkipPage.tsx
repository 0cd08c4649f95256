import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui';

export default function SkipPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('Testing.SkipTitle')} />;
}
