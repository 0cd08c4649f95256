import type { RequestOf } from '@wordhoard/shared';
import { useCallback } from 'react';
import { useServices } from '../services';

/**
 * PATCH /users/me, which three features send (the interface language from the landing page and
 * the profile, the sorting choices from the dictionaries): declared once. `key` makes a newer
 * save of the same setting abort an older one; `silent` keeps a failure out of the modal for
 * screens that tell it in place.
 */
export function useUpdateMe() {
  const { http } = useServices();
  return useCallback(
    (body: RequestOf<'updateMe'>['body'], options: { key?: string; silent?: boolean } = {}) =>
      http.request('updateMe', { body, ...options }),
    [http],
  );
}
