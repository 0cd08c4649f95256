/**
 * The server mails at most one code a minute per address (DESIGN §3), so the resend button waits
 * that long after every code sent. When the next send is allowed is kept per user in
 * sessionStorage, so the wait survives a reload and starts right after sign-up.
 */
export const RESEND_COOLDOWN_SECONDS = 60;

const keyFor = (userId: string) => `wordhoard:verify-resend-at:${userId}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // Storage can be blocked (privacy settings); the wait then lasts this page only.
  }
}

/** Remembers that the next code may be asked for `seconds` from `now`; returns that moment. */
export function rememberResendAt(userId: string, seconds: number, now: number = Date.now()): number {
  const at = now + seconds * 1000;
  storage()?.setItem(keyFor(userId), String(at));
  return at;
}

/** When the next code may be asked for (epoch ms); 0 when there is nothing to wait for. */
export function resendAvailableAt(userId: string): number {
  const value = Number(storage()?.getItem(keyFor(userId)));
  return Number.isFinite(value) ? value : 0;
}
