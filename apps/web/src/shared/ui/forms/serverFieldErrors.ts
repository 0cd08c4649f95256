import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../http/errors';

/** The form field a VALIDATION_ERROR detail is about: `body.email` → `email`. */
export function fieldOfDetailPath(path: string): string | null {
  const [location, field] = path.split('.');
  return location === 'body' && field ? field : null;
}

export interface FieldErrorTarget<T extends FieldValues> {
  /** The form's field names; details about anything else are not the form's to show. */
  fields: readonly Path<T>[];
  setError: UseFormSetError<T>;
}

/**
 * Puts the messages of a 400 VALIDATION_ERROR next to the fields they are about (DESIGN §3:
 * `details: [{ path: "body.email", message }]`) and focuses the first of them. Returns true when
 * every detail found its field, i.e. nothing is left for the error modal.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  { fields, setError }: FieldErrorTarget<T>,
): boolean {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR' || error.details.length === 0) {
    return false;
  }
  const known = new Set<string>(fields);
  const messages = new Map<Path<T>, string>();
  let unmatched = false;
  for (const detail of error.details) {
    const field = fieldOfDetailPath(detail.path);
    if (field !== null && known.has(field)) {
      // The first message per field is the one the server found first.
      if (!messages.has(field as Path<T>)) messages.set(field as Path<T>, detail.message);
    } else {
      unmatched = true;
    }
  }
  // Focus follows the order of the form's fields, not the order of the details.
  let focused = false;
  for (const field of fields) {
    const message = messages.get(field);
    if (message === undefined) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !focused });
    focused = true;
  }
  return !unmatched;
}
