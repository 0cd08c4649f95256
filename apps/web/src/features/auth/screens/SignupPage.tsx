import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui';

export default function SignupPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('Auth.SignupTitle')} />;
}
