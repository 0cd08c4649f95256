import type { RefundedSubscription, User } from '@wordhoard/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isCancelledError, UnauthorizedError } from '../../../shared/http';
import { PATHS } from '../../../shared/routing';
import { useRequestErrorHandler } from '../../../shared/ui/forms/useRequestErrorHandler';
import { useReloadUser, useSubscriptionCalls } from '../api/payments';
import { useFormatters } from './format';

export type SubscriptionAction = 'cancel' | 'renew' | 'portal' | 'refund';
type Action = SubscriptionAction;

/** What /plans is told after "cancel now with refund" (router state): Premium ended, and the refund. */
export interface PremiumEndedState {
  premiumEnded: { refund: RefundedSubscription['refund'] };
}

/**
 * The subscription screen's state and its four actions: cancel at period end (behind a
 * confirmation) or renew, open Stripe's portal, and cancel now with a refund (behind a
 * confirmation whose errors show in it).
 */
export function useSubscriptionActions(user: User) {
  const { t } = useTranslation();
  const format = useFormatters();
  const calls = useSubscriptionCalls();
  const navigate = useNavigate();
  const reloadUser = useReloadUser();
  const handleError = useRequestErrorHandler();
  const [busy, setBusy] = useState<Action | null>(null);
  const [outcome, setOutcome] = useState<ReactNode | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [cancelConfirmOpen, setCancelConfirmOpen] = useState(false);
  const [refundError, setRefundError] = useState<string | null>(null);
  const { plan } = user;

  /** Renews at once; cancelling at period end asks first (the confirmation calls `cancel`). */
  function toggleRenewal() {
    if (plan.cancelAtPeriodEnd) void changeRenewal('renew');
    else setCancelConfirmOpen(true);
  }

  /** Cancel at period end, or undo that; then the fresh user shows the new state everywhere. */
  async function changeRenewal(action: 'cancel' | 'renew') {
    setBusy(action);
    setOutcome(null);
    try {
      await (action === 'cancel' ? calls.cancelSubscription() : calls.renewSubscription());
      const fresh = await reloadUser();
      setOutcome(
        action === 'cancel' && fresh.plan.expiresAt
          ? t('Subscription.Cancelled', { date: format.date(fresh.plan.expiresAt) })
          : t('Subscription.Renewed'),
      );
    } catch {
      // The http client has put the reason in the error modal.
    } finally {
      setCancelConfirmOpen(false);
      setBusy(null);
    }
  }

  async function openPortal() {
    setBusy('portal');
    try {
      const { url } = await calls.customerPortal();
      window.location.assign(url);
    } catch {
      setBusy(null);
    }
  }

  async function refund() {
    setBusy('refund');
    setRefundError(null);
    let ended: RefundedSubscription;
    try {
      // Silent: a failure is told inside the dialog, where the user's attention is.
      ended = await calls.refundSubscription();
    } catch (error) {
      setBusy(null);
      if (isCancelledError(error)) return;
      if (error instanceof UnauthorizedError) {
        setConfirmOpen(false);
        handleError(error);
        return;
      }
      setRefundError(error instanceof Error ? error.message : String(error));
      return;
    }
    setConfirmOpen(false);
    setBusy(null);
    let fresh: User;
    try {
      fresh = await reloadUser();
    } catch {
      return;
    }
    // Back to role user: this screen is no longer theirs (the route guard would say the same).
    // The plans page says what happened: Premium has ended, and what was refunded.
    if (fresh.role !== 'premium') {
      const state: PremiumEndedState = { premiumEnded: { refund: ended.refund } };
      await navigate(PATHS.plans, { replace: true, state });
    }
  }

  return {
    busy,
    outcome,
    confirmOpen,
    setConfirmOpen,
    cancelConfirmOpen,
    setCancelConfirmOpen,
    cancel: () => void changeRenewal('cancel'),
    refundError,
    setRefundError,
    toggleRenewal,
    openPortal,
    refund,
  };
}
