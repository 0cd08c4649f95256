import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until `until` (epoch ms) at `now`, never below zero. */
export function secondsLeft(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * A countdown to `initialUntil` (epoch ms) that ticks once a second while it runs. `start(at)`
 * begins a new one; the clock is read at the same moment, so the first value shown is exact.
 */
export function useCooldown(initialUntil: number): {
  seconds: number;
  start: (until: number) => void;
  /** Starts a countdown of `seconds` from now (e.g. a 429's Retry-After). */
  startIn: (seconds: number) => void;
} {
  const [clock, setClock] = useState(() => ({ until: initialUntil, now: Date.now() }));
  const running = clock.until > clock.now;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      setClock((current) => ({ ...current, now: Date.now() }));
    }, 1000);
    return () => clearInterval(timer);
  }, [running, clock.until]);

  const start = useCallback((until: number) => {
    setClock({ until, now: Date.now() });
  }, []);

  const startIn = useCallback((seconds: number) => {
    const now = Date.now();
    setClock({ until: now + seconds * 1000, now });
  }, []);

  return { seconds: secondsLeft(clock.until, clock.now), start, startIn };
}
