import type { TesterOptions } from '@wordhoard/shared';
import { useCallback } from 'react';
import { useServices } from '../services';

/**
 * POST /tester, which the tester form, the report's "try again" and the main menu's "study all
 * due words" send: declared once. Silent: the screens tell a used-up day or an empty selection
 * in place.
 */
export function useCreateTester() {
  const { http } = useServices();
  return useCallback(
    (options: TesterOptions) => http.request('createTester', { body: options, silent: true }),
    [http],
  );
}
