import { useCallback } from 'react';
import { useServices } from '../../../shared/services';

/**
 * POST /reminders/unsubscribe with the token of a reminder mail: turns e-mail reminders off
 * without signing in (RFC 8058's target, sent here only after the person confirms). Silent: the
 * page says a failure in place.
 */
export function useUnsubscribeReminders() {
  const { http } = useServices();
  return useCallback(
    (token: string) => http.request('unsubscribeReminders', { query: { token }, silent: true }),
    [http],
  );
}
