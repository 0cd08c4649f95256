import { userSchema, type User } from '@wordhoard/shared';

/** What the forgot-password steps hand on through the router's location state. */
export interface RestoreState {
  /** The address the code was sent to, so the next step need not ask again. */
  email?: string;
  /** The user a correct restore code signed in; the new-password step stores it. */
  restoredUser?: User;
}

/** Reads RestoreState from `location.state`, which may hold anything (history is the browser's). */
export function readRestoreState(state: unknown): RestoreState {
  if (typeof state !== 'object' || state === null) return {};
  const { email, restoredUser } = state as Record<string, unknown>;
  const user = userSchema.safeParse(restoredUser);
  return {
    email: typeof email === 'string' ? email : undefined,
    restoredUser: user.success ? user.data : undefined,
  };
}
