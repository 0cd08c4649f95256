const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight UTC of a YYYY-MM-DD day, in milliseconds: days compare without time zones. */
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The learner's own calendar day at `now` (their time zone), as YYYY-MM-DD. */
export function localDay(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Whole days from the learner's today (in their time zone) to the exam day: 0 on the exam day,
 * negative once it is over.
 */
export function daysUntil(examDate: string, now: Date): number {
  return Math.round((dayStart(examDate) - dayStart(localDay(now))) / DAY_MS);
}

/** The exam day as the interface language writes it ("12 March"), with the year when not this year's. */
export function formatExamDate(examDate: string, language: string, now: Date): string {
  const sameYear = examDate.slice(0, 4) === localDay(now).slice(0, 4);
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
    // The day is a calendar day, not an instant: read at UTC midnight, shown as UTC.
    timeZone: 'UTC',
  }).format(new Date(dayStart(examDate)));
}
