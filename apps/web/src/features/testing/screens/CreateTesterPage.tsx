import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../shared/ui';

export default function CreateTesterPage() {
  const { t } = useTranslation();
  return <PlaceholderPage title={t('Testing.CreateTitle')} />;
}
