import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui';

export default function VerifyPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('Verify.Title')} />;
}
