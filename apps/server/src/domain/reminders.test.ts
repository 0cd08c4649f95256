import { describe, expect, it } from 'vitest';
import { dueReminder, reminderInstant, reminderMinute, reminderTime } from './reminders';

describe('the reminder time', () => {
  it('converts between HH:MM and minutes after midnight', () => {
    expect(reminderMinute('00:00')).toBe(0);
    expect(reminderMinute('07:05')).toBe(425);
    expect(reminderMinute('23:59')).toBe(1439);
    expect(reminderTime(0)).toBe('00:00');
    expect(reminderTime(425)).toBe('07:05');
    expect(reminderTime(1439)).toBe('23:59');
  });

  it('is the wall time of the learner’s zone, also on the days the clocks change', () => {
    const at = (day: string, time: string, zone: string) =>
      reminderInstant(day, reminderMinute(time), zone).toISOString();
    expect(at('2026-03-10', '18:00', 'Europe/Berlin')).toBe('2026-03-10T17:00:00.000Z');
    expect(at('2026-03-10', '18:00', 'Asia/Tokyo')).toBe('2026-03-10T09:00:00.000Z');
    // Berlin springs forward at 02:00 on 29 March and falls back at 03:00 on 25 October.
    expect(at('2026-03-29', '18:00', 'Europe/Berlin')).toBe('2026-03-29T16:00:00.000Z');
    expect(at('2026-03-29', '01:30', 'Europe/Berlin')).toBe('2026-03-29T00:30:00.000Z');
    // 02:30 does not exist that night: 150 minutes after midnight, 03:30 on the wall.
    expect(at('2026-03-29', '02:30', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    expect(at('2026-10-25', '18:00', 'Europe/Berlin')).toBe('2026-10-25T17:00:00.000Z');
    expect(at('2026-10-25', '01:00', 'Europe/Berlin')).toBe('2026-10-24T23:00:00.000Z');
    // New York springs forward on 8 March.
    expect(at('2026-03-08', '18:00', 'America/New_York')).toBe('2026-03-08T22:00:00.000Z');
    expect(at('2026-03-07', '18:00', 'America/New_York')).toBe('2026-03-07T23:00:00.000Z');
  });

  it('is due from its time on, for three hours, on the learner’s local day', () => {
    const settings = { timeZone: 'Europe/Berlin', reminderMinute: reminderMinute('18:00') };
    expect(dueReminder(settings, new Date('2026-03-10T16:59:00Z'))).toBeUndefined();
    expect(dueReminder(settings, new Date('2026-03-10T17:00:00Z'))).toEqual({
      day: '2026-03-10',
      runAt: new Date('2026-03-10T17:00:00Z'),
    });
    expect(dueReminder(settings, new Date('2026-03-10T20:00:00Z'))?.day).toBe('2026-03-10');
    expect(dueReminder(settings, new Date('2026-03-10T20:01:00Z'))).toBeUndefined();
    // Midnight in Berlin: a new day, its reminder still ahead.
    expect(dueReminder(settings, new Date('2026-03-10T23:30:00Z'))).toBeUndefined();
  });
});
