import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui';

export default function NewPasswordPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('Auth.NewPasswordTitle')} />;
}
