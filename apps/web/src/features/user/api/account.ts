import type { RequestOf } from '@wordhoard/shared';
import { useMemo } from 'react';
import { useServices } from '../../../shared/services';

/**
 * The profile's calls, named after their endpoints. All silent: the profile tells a wrong
 * password next to its field and everything else through the request error handler.
 */
export function useAccountCalls() {
  const { http } = useServices();
  return useMemo(
    () => ({
      changePassword: (body: RequestOf<'changePassword'>['body']) =>
        http.request('changePassword', { body, silent: true }),
      deleteAccount: (body: NonNullable<RequestOf<'deleteAccount'>['body']>) =>
        http.request('deleteAccount', { body, silent: true }),
      /** GET /users/me/export: everything the account owns, as a JSON file ready to save. */
      exportMe: () => http.download('exportMe'),
    }),
    [http],
  );
}
