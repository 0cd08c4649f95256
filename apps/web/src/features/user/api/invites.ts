import type { RequestOf } from '@wordhoard/shared';
import { useMemo } from 'react';
import { useServices } from '../../../shared/services';

/** POST /invites for developers (decision 0081); silent: the section tells its own errors. */
export function useInviteCalls() {
  const { http } = useServices();
  return useMemo(
    () => ({
      createInvite: (body: RequestOf<'createInvite'>['body']) =>
        http.request('createInvite', { body, silent: true }),
    }),
    [http],
  );
}
