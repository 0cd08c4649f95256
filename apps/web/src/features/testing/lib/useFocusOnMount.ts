import { useEffect, useRef } from 'react';

/**
 * A ref whose element takes the focus when the screen opens, so a keyboard or screen reader
 * user lands on the screen's main action after a route change.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
