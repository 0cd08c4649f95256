import { describe, expect, it } from 'vitest';
import { streakOf, type StreakDay } from './streak';

/**
 * Days from 2026-03-01 on, one per letter: S studied (one review is enough), M many reviews,
 * - no review; the last letter is today.
 */
function days(pattern: string): StreakDay[] {
  return Array.from(pattern).map((letter, index) => ({
    date: new Date(Date.UTC(2026, 2, 1 + index)).toISOString().slice(0, 10),
    reviews: letter === 'S' ? 1 : letter === 'M' ? 40 : 0,
  }));
}

describe('the streak with freezes (decision 0086)', () => {
  it('counts a day with a single answered review as much as a day with many', () => {
    expect(streakOf(days('SMSM'))).toEqual({
      current: 4,
      longest: 4,
      studiedToday: true,
      freezesBanked: 0,
      frozenDays: [],
    });
  });

  it('earns one freeze for seven days studied in a row', () => {
    expect(streakOf(days('SSSSSS'))).toMatchObject({ current: 6, freezesBanked: 0 });
    expect(streakOf(days('SSSSSSS'))).toMatchObject({ current: 7, longest: 7, freezesBanked: 1 });
  });

  it('uses a freeze for one missed day: the streak goes on without counting that day', () => {
    expect(streakOf(days('SSSSSSS-SS'))).toEqual({
      current: 9,
      longest: 9,
      studiedToday: true,
      freezesBanked: 0,
      frozenDays: ['2026-03-08'],
    });
  });

  it('resets on a missed day with no freeze banked', () => {
    expect(streakOf(days('SSSSS-SS'))).toMatchObject({ current: 2, longest: 5, frozenDays: [] });
    // The freeze of the first run was spent; the second miss ends it.
    expect(streakOf(days('SSSSSSS--S'))).toMatchObject({ current: 1, longest: 7, freezesBanked: 0 });
  });

  it('banks at most two freezes', () => {
    expect(streakOf(days('S'.repeat(28))).freezesBanked).toBe(2);
    // Two banked cover two missed days; the third ends the streak.
    expect(streakOf(days(`${'S'.repeat(28)}--S`))).toMatchObject({
      current: 29,
      freezesBanked: 0,
      frozenDays: ['2026-03-29', '2026-03-30'],
    });
    expect(streakOf(days(`${'S'.repeat(28)}---S`))).toMatchObject({ current: 1, longest: 28 });
  });

  it('leaves today open: not yet studied, it neither counts nor breaks the streak; studied, it counts', () => {
    expect(streakOf(days('SSS-'))).toEqual({
      current: 3,
      longest: 3,
      studiedToday: false,
      freezesBanked: 0,
      frozenDays: [],
    });
    expect(streakOf(days('SSSS'))).toMatchObject({ current: 4, studiedToday: true });
    // Yesterday missed with nothing banked: the streak is over before today is studied.
    expect(streakOf(days('SS--'))).toMatchObject({ current: 0, longest: 2, studiedToday: false });
    expect(streakOf(days('SS-S'))).toMatchObject({ current: 1, longest: 2, studiedToday: true });
  });

  it('is nothing before the first review', () => {
    expect(streakOf(days('----'))).toEqual({
      current: 0,
      longest: 0,
      studiedToday: false,
      freezesBanked: 0,
      frozenDays: [],
    });
  });
});
