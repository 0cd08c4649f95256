import type { RequestOf, User } from '@wordhoard/shared';
import { useState } from 'react';
import { useUpdateMe } from '../../../shared/api/account';
import { useErrorText } from '../../../shared/errors';
import { ApiError } from '../../../shared/http/errors';
import { useServices } from '../../../shared/services';
import { useRequestErrorHandler } from '../../../shared/ui/forms/useRequestErrorHandler';

/**
 * Saving one setting of the account (PATCH /users/me) from a control that tells the outcome in
 * place: the server's refusal of the value as the control's error, "Saved" as a notice, anything
 * else through the request error handler. `key` lets a newer save of the same setting abort an
 * older one.
 */
export function useSettingSave(key: string) {
  const { session } = useServices();
  const updateMe = useUpdateMe();
  const handleError = useRequestErrorHandler();
  const errorText = useErrorText();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | undefined>();

  /** Sends the change; the updated account once it is saved, `undefined` if it was not. */
  async function save(change: RequestOf<'updateMe'>['body']): Promise<User | undefined> {
    setSaving(true);
    setSaved(false);
    setError(undefined);
    try {
      const updated = await updateMe(change, { silent: true, key });
      await session.setUser(updated);
      setSaved(true);
      return updated;
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'VALIDATION_ERROR') {
        setError(caught.details[0]?.message ?? errorText(caught));
      } else {
        handleError(caught);
      }
      return undefined;
    } finally {
      setSaving(false);
    }
  }

  /** The value was refused before it was sent, with this message as the control's error. */
  function refuse(message: string | undefined) {
    setSaved(false);
    setError(message);
  }

  /** The value was edited: what the last save said no longer holds. */
  function edited() {
    setSaved(false);
    setError(undefined);
  }

  return { saving, saved, error, save, refuse, edited };
}
