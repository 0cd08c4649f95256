import { useCallback } from 'react';
import type { FieldValues } from 'react-hook-form';
import { UnauthorizedError } from '../../http/errors';
import { useServices } from '../../services/ServiceProvider';
import { applyServerFieldErrors, type FieldErrorTarget } from './serverFieldErrors';

/**
 * For requests a form sends with `silent: true`: a VALIDATION_ERROR goes next to the form's
 * fields; anything else takes the path of SPEC §8 the http client would have taken (the global
 * error modal; a 401 of a session endpoint also ends the session). Cancellations stay silent.
 */
export function useRequestErrorHandler() {
  const { errors, session } = useServices();
  return useCallback(
    <T extends FieldValues>(error: unknown, form?: FieldErrorTarget<T>) => {
      if (form && applyServerFieldErrors(error, form)) return;
      errors.report(error);
      if (error instanceof UnauthorizedError) session.end();
    },
    [errors, session],
  );
}
