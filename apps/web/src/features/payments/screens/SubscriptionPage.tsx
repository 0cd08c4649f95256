import type { User } from '@wordhoard/shared';
import { CalendarX, CreditCard, ExternalLink, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../../shared/session';
import { Button, Card, Page } from '../../../shared/ui';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog/ConfirmDialog';
import { FactList } from '../components/FactList';
import { StatusNotice } from '../components/StatusNotice';
import { useFormatters } from '../lib/format';
import { usePlanName } from '../lib/planName';
import { useSubscriptionActions } from '../lib/useSubscriptionActions';
import styles from './SubscriptionPage.module.css';

/** The premium user's plan and the four ways to change it (SPEC §2, §4). */
export default function SubscriptionPage() {
  const user = useUser();
  if (!user) return null; // The route guard has already sent visitors to /auth.
  return <Subscription user={user} />;
}

function Subscription({ user }: { user: User }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const planName = usePlanName();
  const {
    busy,
    outcome,
    confirmOpen,
    setConfirmOpen,
    cancelConfirmOpen,
    setCancelConfirmOpen,
    cancel,
    refundError,
    setRefundError,
    toggleRenewal,
    openPortal,
    refund,
  } = useSubscriptionActions(user);
  const { plan, limits } = user;

  const renewing = !plan.cancelAtPeriodEnd;
  /** Where the paid period ends: Premium stays until then after a cancellation. */
  const periodEnd = plan.nextPaymentDate ?? plan.expiresAt;
  const statusLine =
    renewing && plan.nextPaymentDate
      ? t('Subscription.Renews', { date: format.date(plan.nextPaymentDate) })
      : plan.expiresAt
        ? t('Subscription.EndsOn', { date: format.date(plan.expiresAt) })
        : null;

  return (
    <Page title={t('Subscription.Title')} lead={t('Subscription.Lead')} width="narrow">
      <div>
        <StatusNotice
          tone="success"
          message={outcome}
          className={styles.status}
          data-testid="subscription-outcome"
        />
        <Card as="section" className={styles.section} aria-labelledby="subscription-details-title">
          <div className={styles.planHeader}>
            <h2 id="subscription-details-title" className={styles.sectionTitle}>
              {t('Subscription.DetailsTitle')}
            </h2>
            {statusLine && (
              <p className={styles.statusLine} data-testid="subscription-status">
                {statusLine}
              </p>
            )}
          </div>
          <FactList
            facts={[
              { id: 'plan', label: t('Subscription.Plan'), value: planName(plan) },
              {
                id: 'dictionaries',
                label: t('Subscription.MaxDictionaries'),
                value: format.count(limits.dictionaries),
              },
              {
                id: 'words',
                label: t('Subscription.MaxWords'),
                value: format.count(limits.wordsPerDictionary),
              },
              { id: 'tests', label: t('Subscription.MaxTests'), value: format.count(limits.testsPerDay) },
              { id: 'price', label: t('Subscription.Price'), value: format.price(plan.pricePerMonth) },
              {
                id: 'nextPayment',
                label: t('Subscription.NextPayment'),
                value: plan.nextPaymentDate
                  ? format.date(plan.nextPaymentDate)
                  : t('Subscription.NoNextPayment'),
              },
              {
                id: 'expiresAt',
                label: t('Subscription.ExpiresAt'),
                value: plan.expiresAt ? format.date(plan.expiresAt) : t('Subscription.Never'),
              },
            ]}
          />
        </Card>
      </div>

      <Card as="section" className={styles.section} aria-labelledby="subscription-manage-title">
        <h2 id="subscription-manage-title" className={styles.sectionTitle}>
          {t('Subscription.ManageTitle')}
        </h2>
        <div className={styles.action}>
          <p className={styles.hint}>
            {renewing ? t('Subscription.CancelAtPeriodEndHint') : t('Subscription.RenewHint')}
          </p>
          {/* One button that changes its job, so keyboard focus stays put after the action. */}
          <Button
            variant={renewing ? 'secondary' : 'primary'}
            className={styles.button}
            icon={renewing ? <CalendarX /> : <RotateCcw />}
            busy={busy === 'cancel' || busy === 'renew'}
            // While another action runs: refused as well, and the focus stays.
            aria-disabled={busy !== null || undefined}
            onClick={() => {
              if (busy === null) toggleRenewal();
            }}
          >
            {renewing ? t('Subscription.CancelAtPeriodEnd') : t('Subscription.Renew')}
          </Button>
        </div>
        <div className={styles.action}>
          <p className={styles.hint}>{t('Subscription.PortalHint')}</p>
          <Button
            variant="secondary"
            className={styles.button}
            icon={<CreditCard />}
            iconEnd={<ExternalLink />}
            busy={busy === 'portal'}
            aria-disabled={busy !== null || undefined}
            onClick={() => {
              if (busy === null) void openPortal();
            }}
          >
            {t('Subscription.Portal')}
          </Button>
        </div>
      </Card>

      <Card as="section" className={styles.section} aria-labelledby="subscription-refund-title">
        <h2 id="subscription-refund-title" className={styles.sectionTitle}>
          {t('Subscription.RefundTitle')}
        </h2>
        <div className={styles.action}>
          <p className={styles.hint}>{t('Subscription.RefundHint')}</p>
          <Button
            variant="danger"
            className={styles.button}
            aria-disabled={busy !== null || undefined}
            onClick={() => {
              if (busy !== null) return;
              setRefundError(null);
              setConfirmOpen(true);
            }}
          >
            {t('Subscription.Refund')}
          </Button>
        </div>
      </Card>

      <ConfirmDialog
        open={cancelConfirmOpen}
        onOpenChange={setCancelConfirmOpen}
        title={t('Subscription.CancelConfirmTitle')}
        description={
          periodEnd
            ? t('Subscription.CancelConfirmText', { date: format.date(periodEnd) })
            : t('Subscription.CancelAtPeriodEndHint')
        }
        confirmLabel={t('Subscription.CancelConfirm')}
        cancelLabel={t('Subscription.Keep')}
        onConfirm={cancel}
        pending={busy === 'cancel'}
        tone="primary"
      />
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={t('Subscription.RefundConfirmTitle')}
        description={t('Subscription.RefundConfirmText')}
        confirmLabel={t('Subscription.RefundConfirm')}
        cancelLabel={t('Subscription.Keep')}
        onConfirm={() => void refund()}
        pending={busy === 'refund'}
        error={refundError}
      />
    </Page>
  );
}
