import type { Plan } from '@wordhoard/shared';
import { RotateCcw, ShieldCheck, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ApiError, isCancelledError } from '../../../shared/http';
import { useUser } from '../../../shared/session';
import { Button, Card, LoadingIndicator, Page } from '../../../shared/ui';
import { useRequestErrorHandler } from '../../../shared/ui/forms/useRequestErrorHandler';
import { usePlans, useReloadUser, useSubscriptionCalls } from '../api/payments';
import { PlanCard } from '../components/PlanCard';
import { StatusNotice } from '../components/StatusNotice';
import { useFormatters } from '../lib/format';
import type { PremiumEndedState } from '../lib/useSubscriptionActions';
import styles from './PlansPage.module.css';

/** The router state the subscription screen leaves after "cancel now with refund", if any. */
function premiumEnded(state: unknown): PremiumEndedState['premiumEnded'] | null {
  if (typeof state !== 'object' || state === null || !('premiumEnded' in state)) return null;
  return (state as PremiumEndedState).premiumEnded;
}

/**
 * Free and Premium side by side, the user's plan marked, and the way to Stripe Checkout. Right
 * after "cancel now with refund" it also says that Premium has ended and what was refunded.
 */
export default function PlansPage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const location = useLocation();
  const ended = premiumEnded(location.state);
  const user = useUser();
  const plans = usePlans();
  const calls = useSubscriptionCalls();
  const reloadUser = useReloadUser();
  const handleError = useRequestErrorHandler();
  const [pending, setPending] = useState(false);
  // Stays up once the server said payments are off; a later try may still succeed.
  const [unavailable, setUnavailable] = useState(false);

  async function upgrade() {
    setPending(true);
    let url: string;
    try {
      // Silent: "payments are off" is an expected answer, told on the page rather than in the modal.
      ({ url } = await calls.checkout());
    } catch (error) {
      setPending(false);
      if (error instanceof ApiError && error.code === 'PAYMENTS_UNAVAILABLE') {
        setUnavailable(true);
        return;
      }
      if (isCancelledError(error)) return;
      handleError(error);
      // Premium already (e.g. bought in another tab): the fresh user takes the header and the
      // route guards along.
      if (error instanceof ApiError && error.code === 'ALREADY_PREMIUM') {
        await reloadUser().catch(() => undefined);
      }
      return;
    }
    // Off to Stripe Checkout; the button stays busy until the page is gone.
    window.location.assign(url);
  }

  const upgradeButton = (
    <Button size="lg" icon={<Sparkles />} busy={pending} onClick={() => void upgrade()}>
      {pending ? t('Plans.Redirecting') : t('Plans.Upgrade')}
    </Button>
  );

  const actionFor = (plan: Plan) =>
    plan.id === 'premium' && user?.plan.id !== 'premium' ? upgradeButton : undefined;

  let content;
  if (plans.isPending) {
    content = <LoadingIndicator />;
  } else if (plans.isError) {
    content = (
      <Card className={styles.failed}>
        <p>{t('Plans.LoadFailed')}</p>
        <Button variant="secondary" icon={<RotateCcw />} onClick={() => void plans.refetch()}>
          {t('Common.Retry')}
        </Button>
      </Card>
    );
  } else {
    content = (
      <ul className={styles.plans}>
        {plans.data.map((plan) => (
          <li key={plan.id}>
            <PlanCard plan={plan} current={user?.plan.id === plan.id} action={actionFor(plan)} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Page title={t('Plans.Title')} lead={t('Plans.Lead')}>
      <div>
        {ended && (
          <StatusNotice
            tone="success"
            message={
              ended.refund && ended.refund.amount > 0
                ? t('Plans.Ended', { amount: format.price(ended.refund.amount, ended.refund.currency) })
                : t('Plans.EndedNoRefund')
            }
            className={styles.status}
            data-testid="premium-ended"
          />
        )}
        <StatusNotice
          tone="warning"
          message={unavailable ? t('Plans.Unavailable') : null}
          className={styles.status}
          data-testid="payments-unavailable"
        />
        {content}
      </div>
      <p className={styles.secure}>
        <ShieldCheck aria-hidden="true" />
        <span>{t('Plans.SecureNote')}</span>
      </p>
    </Page>
  );
}
