import { useCallback } from 'react';
import { ApiError, NetworkError, UnauthorizedError } from '../http';
import { useServices } from '../services';

/**
 * For requests sent `silent` because some failures are shown on the screen itself: every other
 * failure goes the usual way of SPEC §8 (the error modal; a 401 ends the session).
 */
export function useReportUnexpected(): (error: unknown) => void {
  const { errors, session } = useServices();
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError || error instanceof NetworkError)) return;
      errors.report(error);
      if (error instanceof UnauthorizedError) session.end();
    },
    [errors, session],
  );
}
