import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui';

export default function SubscriptionPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('Subscription.Title')} />;
}
