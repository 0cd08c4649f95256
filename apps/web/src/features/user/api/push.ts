import { useQuery } from '@tanstack/react-query';
import type { RequestOf } from '@wordhoard/shared';
import { useMemo } from 'react';
import { useServices } from '../../../shared/services';

/** The server's VAPID key, under ['push'] (decision 0055); it changes only with a deployment. */
export const pushKeys = { key: ['push', 'key'] as const };

/** GET /push/key: the key a browser subscribes with; `publicKey` null: the server has no push. */
export function usePushKey() {
  const { http } = useServices();
  return useQuery({
    queryKey: pushKeys.key,
    // Without it the profile simply shows no push option.
    queryFn: ({ signal }) => http.request('pushKey', { signal, silent: true }),
    staleTime: Infinity,
  });
}

/** Keeping and forgetting this browser's subscription on the server; silent: the section says a failure in place. */
export function usePushCalls() {
  const { http } = useServices();
  return useMemo(
    () => ({
      subscribePush: (body: RequestOf<'subscribePush'>['body']) =>
        http.request('subscribePush', { body, silent: true }),
      unsubscribePush: (body: RequestOf<'unsubscribePush'>['body']) =>
        http.request('unsubscribePush', { body, silent: true }),
    }),
    [http],
  );
}
