import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui';

export default function StripeCancelPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('Stripe.CancelTitle')} />;
}
