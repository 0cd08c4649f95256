import type { RequestOf } from '@wordhoard/shared';
import { useMemo } from 'react';
import { useServices } from '../../../shared/services';

/**
 * The profile's calls, named after their endpoints. All silent: the profile tells a wrong
 * password next to its field and everything else through the request error handler.
 */
export function useAccountCalls() {
  const { http, session } = useServices();
  return useMemo(
    () => ({
      /** A first password changes what the account can confirm with: the profile shows it at once. */
      changePassword: async (body: RequestOf<'changePassword'>['body']) => {
        await http.request('changePassword', { body, silent: true });
        const user = session.getUser();
        if (user && !user.hasPassword) await session.setUser({ ...user, hasPassword: true });
      },
      deleteAccount: (body: NonNullable<RequestOf<'deleteAccount'>['body']>) =>
        http.request('deleteAccount', { body, silent: true }),
      /** GET /users/me/export: everything the account owns, as a JSON file ready to save. */
      exportMe: () => http.download('exportMe'),
    }),
    [http, session],
  );
}
