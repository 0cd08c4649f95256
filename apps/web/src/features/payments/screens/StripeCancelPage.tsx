import { ArrowLeft, House } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PATHS, PLANS_ROLES } from '../../../shared/routing';
import { useUser } from '../../../shared/session';
import { Button, Page } from '../../../shared/ui';
import styles from './StripePages.module.css';

/** Where Stripe Checkout returns when the payment was abandoned: nothing changed, no alarm. */
export default function StripeCancelPage() {
  const { t } = useTranslation();
  const user = useUser();
  const mayUpgrade = user !== null && (PLANS_ROLES as readonly string[]).includes(user.role);
  return (
    <Page title={t('Stripe.CancelTitle')} lead={t('Stripe.CancelText')} width="narrow">
      <div className={styles.actions}>
        {mayUpgrade && (
          <Button to={PATHS.plans} icon={<ArrowLeft />}>
            {t('Stripe.BackToPlans')}
          </Button>
        )}
        <Button to={PATHS.menu} variant={mayUpgrade ? 'secondary' : 'primary'} icon={<House />}>
          {t('Common.MainMenu')}
        </Button>
      </div>
    </Page>
  );
}
