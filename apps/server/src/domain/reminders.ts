/**
 * When a learner's daily reminder is due (docs/decisions/0054-reminders.md). Pure: every
 * function takes the instant it is asked about.
 */
import { localDate, startOfLocalDay } from './learner-day';

/** A reminder more than this late (server down, a deploy) is skipped for the day, not sent at night. */
export const REMINDER_MAX_LATENESS_MS = 3 * 60 * 60 * 1000;

/** "HH:MM" → minutes after local midnight. */
export function reminderMinute(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** Minutes after local midnight → "HH:MM". */
export function reminderTime(minute: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** "HH:MM" of an instant in `zone`. */
function clockFormatter(zone: string): Intl.DateTimeFormat {
  let found = clockFormatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
    });
    clockFormatters.set(zone, found);
  }
  return found;
}

/**
 * The instant of the local wall time `minute` on `day` in `zone`. Counted from the day's first
 * instant, so on a day a clock change shortens or lengthens, the reminder moves with the wall
 * clock except inside the changed hour, where it comes at the instant that many minutes in.
 */
export function reminderInstant(day: string, minute: number, zone: string): Date {
  const start = startOfLocalDay(day, zone);
  const guess = new Date(start.getTime() + minute * 60_000);
  // Across a clock change earlier that day, the wall clock is an hour off the elapsed minutes.
  const wall = (instant: Date) => reminderMinute(clockFormatter(zone).format(instant));
  const drift = wall(guess) - minute;
  if (drift === 0 || localDate(guess, zone) !== day) return guess;
  const corrected = new Date(guess.getTime() - drift * 60_000);
  // A wall time the clock skips (02:30 on the spring-forward night) stays that many minutes in.
  return localDate(corrected, zone) === day && wall(corrected) === minute ? corrected : guess;
}

/**
 * The reminder of the learner's local day at `now`, if it is due: its day and instant. Not
 * due before the chosen time; past it by more than `REMINDER_MAX_LATENESS_MS`, the day is missed.
 */
export function dueReminder(
  settings: { timeZone: string; reminderMinute: number },
  now: Date,
): { day: string; runAt: Date } | undefined {
  const day = localDate(now, settings.timeZone);
  const runAt = reminderInstant(day, settings.reminderMinute, settings.timeZone);
  const late = now.getTime() - runAt.getTime();
  if (late < 0 || late > REMINDER_MAX_LATENESS_MS) return undefined;
  return { day, runAt };
}
