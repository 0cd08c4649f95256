import { describe, expect, it } from 'vitest';
import { changeZone, learnerDay, localDate, startOfLocalDay, type DaySettings } from './learner-day';

const utc: DaySettings = { timeZone: 'UTC', timeZoneSince: null, dayBeforeZone: null };
const inZone = (timeZone: string): DaySettings => ({ timeZone, timeZoneSince: null, dayBeforeZone: null });

describe("the learner's day", () => {
  it('is the local date, ending at the next local midnight', () => {
    expect(learnerDay(inZone('Pacific/Kiritimati'), new Date('2026-03-20T09:30:00Z'))).toEqual({
      day: '2026-03-20',
      endsAt: new Date('2026-03-20T10:00:00Z'),
    });
    expect(learnerDay(inZone('America/Los_Angeles'), new Date('2026-03-25T00:30:00Z'))).toEqual({
      day: '2026-03-24',
      endsAt: new Date('2026-03-25T07:00:00Z'),
    });
  });

  it('has 23 or 25 hours across a clock change', () => {
    // Europe/Berlin springs forward on 29 March 2026 and falls back on 25 October.
    const spring = learnerDay(inZone('Europe/Berlin'), new Date('2026-03-29T12:00:00Z'));
    expect(spring.endsAt.getTime() - startOfLocalDay('2026-03-29', 'Europe/Berlin').getTime()).toBe(
      23 * 3600_000,
    );
    const autumn = learnerDay(inZone('Europe/Berlin'), new Date('2026-10-25T12:00:00Z'));
    expect(autumn.endsAt.getTime() - startOfLocalDay('2026-10-25', 'Europe/Berlin').getTime()).toBe(
      25 * 3600_000,
    );
  });

  it('starts at the first minute where a clock change skips midnight', () => {
    // America/Santiago springs forward at 24:00 on 5 September 2026: the 6th starts at 01:00.
    const start = startOfLocalDay('2026-09-06', 'America/Santiago');
    expect(localDate(start, 'America/Santiago')).toBe('2026-09-06');
    expect(localDate(new Date(start.getTime() - 60_000), 'America/Santiago')).toBe('2026-09-05');
  });

  it('keeps the day in progress after a change of zone until a later date of the new zone begins', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const east = changeZone(utc, 'Pacific/Kiritimati', now);
    expect(east).toEqual({
      timeZone: 'Pacific/Kiritimati',
      timeZoneSince: new Date('2026-03-11T10:00:00Z'),
      dayBeforeZone: '2026-03-10',
    });
    expect(learnerDay(east, new Date('2026-03-11T09:59:00Z'))).toEqual({
      day: '2026-03-10',
      endsAt: new Date('2026-03-11T10:00:00Z'),
    });
    expect(learnerDay(east, new Date('2026-03-11T10:00:00Z')).day).toBe('2026-03-12');

    const west = changeZone(utc, 'America/Los_Angeles', now);
    expect(west.timeZoneSince).toEqual(new Date('2026-03-11T07:00:00Z'));
    expect(learnerDay(west, new Date('2026-03-11T06:00:00Z')).day).toBe('2026-03-10');
    expect(learnerDay(west, new Date('2026-03-11T07:00:00Z')).day).toBe('2026-03-11');
  });

  it('cannot bring the next day sooner by changing zone again while a change is pending', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const west = changeZone(utc, 'America/Los_Angeles', now);
    const back = changeZone(west, 'Pacific/Kiritimati', new Date('2026-03-10T20:00:00Z'));
    // The day in progress (10 March) still ends no sooner than it was to.
    expect(back.dayBeforeZone).toBe('2026-03-10');
    expect(back.timeZoneSince!.getTime()).toBeGreaterThanOrEqual(west.timeZoneSince!.getTime());
  });
});
