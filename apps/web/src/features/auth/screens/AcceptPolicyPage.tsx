import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui';

export default function AcceptPolicyPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('AcceptPolicy.Title')} />;
}
