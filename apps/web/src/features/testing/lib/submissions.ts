import { useMemo, useRef } from 'react';

/**
 * A new attemptId (a UUID v4). `crypto.randomUUID` exists only in a secure context (https or
 * localhost); the app reached over plain http on a local network falls back to
 * `getRandomValues`, which exists everywhere.
 */
export function newAttemptId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface Submissions {
  /**
   * Starts the submission `key` names (what it is and for which word) and gives its attemptId,
   * or null while another submission is still in flight: a second Enter is not sent. The same
   * submission started again after no answer came back gets the same attemptId.
   */
  start(key: string): string | null;
  /** The server answered it (a result or a refusal): the next submission is a new attempt. */
  answered(): void;
  /** No answer came back (the network failed): sending the same again reuses its attemptId. */
  unanswered(): void;
}

/**
 * One submission at a time for a screen, each with its attemptId
 * (docs/decisions/0018-answers-applied-once.md). The server applies an attempt at most once,
 * so a resend of a submission whose fate is unknown is safe; a submission that got its answer
 * is over, and typing the same text again is a new try. The request body carries the attemptId,
 * so a queue of unsent answers can store the body and replay it as it is.
 */
export function useSubmissions(): Submissions {
  const inFlight = useRef(false);
  const pending = useRef<{ key: string; attemptId: string } | null>(null);
  return useMemo(
    () => ({
      start(key) {
        // A ref, not the mutation's state: two Enters can come before React renders again.
        if (inFlight.current) return null;
        inFlight.current = true;
        if (pending.current?.key !== key) pending.current = { key, attemptId: newAttemptId() };
        return pending.current.attemptId;
      },
      answered() {
        inFlight.current = false;
        pending.current = null;
      },
      unanswered() {
        inFlight.current = false;
      },
    }),
    [],
  );
}
