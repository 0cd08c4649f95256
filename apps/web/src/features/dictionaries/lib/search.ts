import { searchSchema } from '@wordhoard/shared';
import { useState } from 'react';
import { useDebouncedValue } from './useDebouncedValue';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box's state: what is typed, its validation error (forbidden characters, SPEC §5)
 * and the search to run, which is the last valid text once typing pauses.
 */
export function useSearch() {
  const [input, setInput] = useState('');
  const [valid, setValid] = useState('');
  const parsed = searchSchema.safeParse(input);
  const error = parsed.success ? undefined : parsed.error.issues[0]?.message;
  const search = useDebouncedValue(valid, SEARCH_DEBOUNCE_MS);

  const change = (value: string) => {
    setInput(value);
    const result = searchSchema.safeParse(value);
    if (result.success) setValid(result.data);
  };

  return { input, error, search, change, pending: search !== valid };
}
