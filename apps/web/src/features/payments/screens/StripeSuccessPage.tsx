import { ROLE_UPDATE_DELAY_MS, type User } from '@wordhoard/shared';
import { CreditCard, House, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../shared/routing';
import { useUser } from '../../../shared/session';
import { Button, Card, Page, Spinner } from '../../../shared/ui';
import { FactList } from '../components/FactList';
import { StatusNotice } from '../components/StatusNotice';
import { useFormatters } from '../lib/format';
import { usePlanName } from '../lib/planName';
import { useAwaitPremium } from '../lib/useAwaitPremium';
import styles from './StripePages.module.css';

/** How often the page looks whether the webhook has made the user premium. */
export const ROLE_POLL_INTERVAL_MS = 2000;

interface StripeSuccessViewProps {
  pollIntervalMs?: number;
  timeoutMs?: number;
}

/**
 * Where Stripe Checkout returns after payment. The role changes when the webhook arrives, which
 * can take up to five minutes (SPEC §4): the page says so and watches the user until then.
 */
export function StripeSuccessView({
  pollIntervalMs = ROLE_POLL_INTERVAL_MS,
  timeoutMs = ROLE_UPDATE_DELAY_MS,
}: StripeSuccessViewProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const user = useUser();
  const { status, retry } = useAwaitPremium({ intervalMs: pollIntervalMs, timeoutMs });
  const minutes = Math.round(ROLE_UPDATE_DELAY_MS / 60_000);

  return (
    <Page title={t('Stripe.SuccessTitle')} width="narrow">
      <StatusNotice
        tone={status === 'premium' ? 'success' : status === 'timedOut' ? 'warning' : 'info'}
        message={
          status === 'premium'
            ? t('Stripe.Activated')
            : status === 'timedOut'
              ? t('Stripe.Slow')
              : t('Stripe.Waiting', { duration: format.minutes(minutes) })
        }
        data-testid="payment-status"
      />
      {status === 'waiting' && (
        // The notice above is the live region; this line only shows that the page is at work.
        <p className={styles.checking}>
          <Spinner size="sm" />
          <span>{t('Stripe.Checking')}</span>
        </p>
      )}
      {status === 'premium' && user && <NewPlan user={user} />}
      <div className={styles.actions}>
        {status === 'premium' && (
          <Button to={PATHS.subscription} icon={<CreditCard />}>
            {t('Stripe.ToSubscription')}
          </Button>
        )}
        {status === 'timedOut' && (
          <Button icon={<RotateCcw />} onClick={retry}>
            {t('Stripe.CheckAgain')}
          </Button>
        )}
        <Button to={PATHS.menu} variant="secondary" icon={<House />}>
          {t('Common.MainMenu')}
        </Button>
      </div>
    </Page>
  );
}

/** The plan that has just started: name, limits and price. */
function NewPlan({ user }: { user: User }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const planName = usePlanName();
  return (
    <Card as="section" className={styles.plan} aria-labelledby="new-plan-title">
      <h2 id="new-plan-title" className={styles.planName}>
        {planName(user.plan)}
      </h2>
      <FactList
        facts={[
          {
            id: 'dictionaries',
            label: t('Subscription.MaxDictionaries'),
            value: format.count(user.limits.dictionaries),
          },
          {
            id: 'words',
            label: t('Subscription.MaxWords'),
            value: format.count(user.limits.wordsPerDictionary),
          },
          { id: 'tests', label: t('Subscription.MaxTests'), value: format.count(user.limits.testsPerDay) },
          { id: 'price', label: t('Subscription.Price'), value: format.price(user.plan.pricePerMonth) },
        ]}
      />
    </Card>
  );
}

export default function StripeSuccessPage() {
  return <StripeSuccessView />;
}
