/**
 * The learner's day (docs/decisions/0053-learners-day.md): the daily test cap, "due today" and
 * the streaks count local dates in the learner's IANA time zone. Pure: every function takes the
 * instant it is asked about.
 */

/** What decides a learner's day: their zone, and a change of zone still pending. */
export interface DaySettings {
  timeZone: string;
  /** When `timeZone`'s days begin after a change; before it `dayBeforeZone` goes on. */
  timeZoneSince: Date | null;
  dayBeforeZone: string | null;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, found);
  }
  return found;
}

/** The wall clock of `instant` in `zone`, as the milliseconds of that wall time read as UTC. */
function wallClock(instant: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * How far `zone`'s wall clock is ahead of UTC at `instant`, in ms (negative west of Greenwich):
 * one lookup for bucketing many instants near it by local day.
 */
export function zoneOffsetMs(instant: Date, zone: string): number {
  const at = Math.floor(instant.getTime() / 1000) * 1000;
  return wallClock(at, zone) - at;
}

/** The local date (YYYY-MM-DD) of `instant` in `zone`. */
export function localDate(instant: Date, zone: string): string {
  return isoDay(wallClock(instant.getTime(), zone));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day after `day` (YYYY-MM-DD). */
export function nextDate(day: string): string {
  return isoDay(Date.parse(`${day}T00:00:00Z`) + DAY_MS);
}

/**
 * The first instant of the local date `day` in `zone`: its midnight, or where a clock change
 * skips midnight, the first minute the day has.
 */
export function startOfLocalDay(day: string, zone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  // The offset at a guess, then at the better guess: exact except inside a skipped hour.
  let instant = midnight - (wallClock(midnight, zone) - midnight);
  instant = midnight - (wallClock(instant, zone) - instant);
  // Inside a skipped hour (or off by an offset change): step to the day's first minute.
  while (localDate(new Date(instant), zone) > day) instant -= 15 * 60_000;
  while (localDate(new Date(instant), zone) < day) instant += 15 * 60_000;
  while (localDate(new Date(instant - 60_000), zone) === day) instant -= 60_000;
  return new Date(instant);
}

/** The learner's day at `now`: its date (the key of its attempts) and when the next begins. */
export function learnerDay(settings: DaySettings, now: Date): { day: string; endsAt: Date } {
  const { timeZone, timeZoneSince, dayBeforeZone } = settings;
  if (timeZoneSince && dayBeforeZone && now.getTime() < timeZoneSince.getTime()) {
    return { day: dayBeforeZone, endsAt: timeZoneSince };
  }
  const day = localDate(now, timeZone);
  return { day, endsAt: startOfLocalDay(nextDate(day), timeZone) };
}

/**
 * The settings after the learner picks `zone` at `now`. The day in progress keeps counting until
 * the first midnight of the new zone that comes no earlier than its end and starts a later
 * date: no day is ever shorter than it was to be, and the next one is a date never counted
 * before, so changing zones can neither bring the next day's tests sooner nor count a test twice.
 */
export function changeZone(settings: DaySettings, zone: string, now: Date): DaySettings {
  if (zone === settings.timeZone) return settings;
  const current = learnerDay(settings, now);
  let day = localDate(current.endsAt, zone);
  let since = startOfLocalDay(day, zone);
  while (since.getTime() < current.endsAt.getTime() || day <= current.day) {
    day = nextDate(day);
    since = startOfLocalDay(day, zone);
  }
  return { timeZone: zone, timeZoneSince: since, dayBeforeZone: current.day };
}
