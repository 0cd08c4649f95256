import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui';

export default function UserEditPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('User.EditTitle')} />;
}
