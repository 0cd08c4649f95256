import type { EndpointName, RequestOf } from '@wordhoard/shared';
import { useMemo } from 'react';
import { useServices } from '../../../shared/services';

type Body<N extends EndpointName> = RequestOf<N>['body'];

/**
 * The sign-in calls, named after their endpoints. The silent ones are told on their screens
 * next to the fields (a wrong password, a wrong code, a taken address); the others report
 * through the error modal (SPEC §8).
 */
export function useAuthCalls() {
  const { http } = useServices();
  return useMemo(
    () => ({
      signup: (body: Body<'signup'>) => http.request('signup', { body, silent: true }),
      login: (body: Body<'login'>) => http.request('login', { body, silent: true }),
      verify: (body: Body<'verify'>) => http.request('verify', { body, silent: true }),
      resendVerification: () => http.request('resendVerification', { silent: true }),
      restoreCode: (body: Body<'restoreCode'>) => http.request('restoreCode', { body, silent: true }),
      restore: (body: Body<'restore'>) => http.request('restore', { body, silent: true }),
      changePassword: (body: Body<'changePassword'>) =>
        http.request('changePassword', { body, silent: true }),
      google: (body: Body<'google'>) => http.request('google', { body }),
      guest: (body: Body<'guest'>) => http.request('guest', { body }),
      guestSignup: (body: Body<'guestSignup'>) => http.request('guestSignup', { body, silent: true }),
      guestGoogle: (body: Body<'guestGoogle'>) => http.request('guestGoogle', { body }),
      acceptPolicy: () => http.request('acceptPolicy'),
      refreshToken: () => http.request('refreshToken'),
      me: () => http.request('me'),
    }),
    [http],
  );
}
