import { ROLE_UPDATE_DELAY_MS, type User } from '@wordhoard/shared';
import { CreditCard, House, RotateCcw, Sparkles } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isCancelledError } from '../../../shared/http';
import { PATHS, PLANS_ROLES, SUBSCRIPTION_ROLES } from '../../../shared/routing';
import { useUser } from '../../../shared/session';
import { Button, Card, LoadingIndicator, Page, Spinner } from '../../../shared/ui';
import { useRequestErrorHandler } from '../../../shared/ui/forms/useRequestErrorHandler';
import { useCheckoutSession } from '../api/payments';
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
 * The thanks for a payment the server has confirmed. The role changes when the webhook arrives,
 * which can take up to five minutes (SPEC §4): the page says so and watches the user until then.
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

/**
 * Where Stripe Checkout returns after payment (`?session_id=cs_…`). Anyone can open this address,
 * so the page first asks the server about the session: the thanks only for a completed, paid
 * Checkout Session of the signed-in user; without one, a neutral page that confirms nothing.
 */
export default function StripeSuccessPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const session = useCheckoutSession(sessionId);
  const handleError = useRequestErrorHandler();
  const { error } = session;

  useEffect(() => {
    // A 404 is no error here (the query answers null); anything else takes the usual path.
    if (error && !isCancelledError(error)) handleError(error);
  }, [error, handleError]);

  if (!sessionId) return <NoPaymentView />;
  if (session.isPending) return <CheckingView />;
  if (session.isError) return <NoPaymentView failed onRetry={() => void session.refetch()} />;
  if (session.data?.paid) return <StripeSuccessView />;
  return <NoPaymentView />;
}

/** While the server asks Stripe about the session. */
function CheckingView() {
  const { t } = useTranslation();
  return (
    <Page title={t('Stripe.CheckingTitle')} width="narrow">
      <LoadingIndicator label={t('Stripe.CheckingPayment')} data-testid="payment-checking" />
    </Page>
  );
}

/**
 * No completed payment of this user to confirm (no session, a made-up or someone else's one, or
 * one not paid), or the check itself `failed`: nothing is claimed, and the way on is offered.
 */
function NoPaymentView({ failed = false, onRetry }: { failed?: boolean; onRetry?: () => void }) {
  const { t } = useTranslation();
  const user = useUser();
  const mayUpgrade = user !== null && (PLANS_ROLES as readonly string[]).includes(user.role);
  const subscribed = user !== null && (SUBSCRIPTION_ROLES as readonly string[]).includes(user.role);
  return (
    <Page
      title={t('Stripe.NoPaymentTitle')}
      lead={failed ? t('Stripe.CheckFailed') : t('Stripe.NoPaymentText')}
      width="narrow"
    >
      <div className={styles.actions}>
        {failed && onRetry && (
          <Button icon={<RotateCcw />} onClick={onRetry}>
            {t('Stripe.CheckAgain')}
          </Button>
        )}
        {mayUpgrade && (
          <Button to={PATHS.plans} variant={failed ? 'secondary' : 'primary'} icon={<Sparkles />}>
            {t('Stripe.ToPlans')}
          </Button>
        )}
        {subscribed && (
          <Button to={PATHS.subscription} variant={failed ? 'secondary' : 'primary'} icon={<CreditCard />}>
            {t('Stripe.ToSubscription')}
          </Button>
        )}
        <Button
          to={PATHS.menu}
          variant={failed || mayUpgrade || subscribed ? 'secondary' : 'primary'}
          icon={<House />}
        >
          {t('Common.MainMenu')}
        </Button>
      </div>
    </Page>
  );
}
