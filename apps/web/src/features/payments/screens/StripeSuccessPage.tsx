import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui';

export default function StripeSuccessPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('Stripe.SuccessTitle')} />;
}
