import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/**
 * Whole minutes left until `until` (an ISO date), rounded up and 0 once it has passed; the
 * component re-renders as each minute runs out. Null when there is no `until`.
 */
export function useMinutesLeft(until: string | null): number | null {
  const target = until === null ? null : Date.parse(until);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (target === null) return;
    const left = target - Date.now();
    if (left <= 0) return;
    // Wakes when the rounded-up count drops: the remainder of the current minute.
    const timer = setTimeout(() => setNow(Date.now()), left % MINUTE_MS || MINUTE_MS);
    return () => clearTimeout(timer);
  }, [target, now]);

  return target === null ? null : Math.max(0, Math.ceil((target - now) / MINUTE_MS));
}
