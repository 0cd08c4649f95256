import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../shared/routing';
import { Button, Page } from '../../shared/ui';

/** Welcome screen. The how-to-use slider, video and reviews come with the landing issue. */
export default function LandingPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('Landing.Title')} lead={t('Landing.Motto')} variant="hero" width="narrow">
      <Button to={PATHS.menu} size="lg" iconEnd={<ArrowRight />}>
        {t('Landing.GetStarted')}
      </Button>
    </Page>
  );
}
