import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui';

export default function PlansPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('Plans.Title')} />;
}
