import type { LimitReached, Role } from '@wordhoard/shared';
import type { TFunction } from 'i18next';

/** A role as the header names it ("User", "Premium"), never its id. */
export const roleName = (t: TFunction, role: Role): string => t(`Roles.${role}`);

const startOfLocalDay = (time: Date) => new Date(time.getFullYear(), time.getMonth(), time.getDate());
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When the day's test attempts come back, in the learner's own time zone: "today at 01:00",
 * "tomorrow at 09:00" (the server's day is UTC's, DESIGN §5), or a date if the clocks disagree.
 */
export function testsResetText(t: TFunction, language: string, resetsAt: string, now = new Date()): string {
  const reset = new Date(resetsAt);
  const time = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(reset);
  const days = Math.round((startOfLocalDay(reset).getTime() - startOfLocalDay(now).getTime()) / DAY_MS);
  if (days === 0) return t('Limits.TestsResetToday', { time });
  if (days === 1) return t('Limits.TestsResetTomorrow', { time });
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(reset);
  return t('Limits.TestsResetOn', { date });
}

/**
 * The app's words for a refusal at a role's limit, the role named as the header names it;
 * undefined where the server's message is right as it is. The http client puts it in place of
 * the body's message (app/services.ts), so the modal and every form show the same words. (The
 * daily tests' refusal is explained by the screens that start tests: shared/testing.)
 */
export function limitMessage(t: TFunction, code: string, limit: LimitReached): string | undefined {
  switch (code) {
    case 'MAX_DICTIONARIES':
      return t('apiErrors.MAX_DICTIONARIES', { role: roleName(t, limit.role), limit: limit.limit });
    default:
      return undefined;
  }
}
