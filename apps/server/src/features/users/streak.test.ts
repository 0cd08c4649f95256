import { describe, expect, it } from 'vitest';
import { streakOf, type StreakDay } from './streak';

const GOAL = 20;

/** Days from 2026-03-01 on, one per letter: M met, m missed (some reviews, under the goal), o open today. */
function days(pattern: string): StreakDay[] {
  return Array.from(pattern).map((letter, index) => ({
    date: new Date(Date.UTC(2026, 2, 1 + index)).toISOString().slice(0, 10),
    reviews: letter === 'M' ? GOAL : letter === 'm' ? GOAL - 1 : 0,
  }));
}

describe('the account streak with freezes', () => {
  it('earns one freeze for the goal met seven days in a row', () => {
    expect(streakOf(days('MMMMMM'), GOAL)).toEqual({
      current: 6,
      longest: 6,
      freezesBanked: 0,
      frozenDays: [],
    });
    expect(streakOf(days('MMMMMMM'), GOAL)).toEqual({
      current: 7,
      longest: 7,
      freezesBanked: 1,
      frozenDays: [],
    });
  });

  it('uses a freeze for one missed day: the streak goes on without counting that day', () => {
    expect(streakOf(days('MMMMMMMmMM'), GOAL)).toEqual({
      current: 9,
      longest: 9,
      freezesBanked: 0,
      frozenDays: ['2026-03-08'],
    });
  });

  it('resets on a missed day with no freeze banked', () => {
    expect(streakOf(days('MMMMMmMM'), GOAL)).toEqual({
      current: 2,
      longest: 5,
      freezesBanked: 0,
      frozenDays: [],
    });
    // The freeze of the first run was spent; the second miss ends it.
    expect(streakOf(days('MMMMMMMmmM'), GOAL)).toEqual({
      current: 1,
      longest: 7,
      freezesBanked: 0,
      frozenDays: [],
    });
  });

  it('banks at most two freezes', () => {
    const run = streakOf(days('M'.repeat(28)), GOAL);
    expect(run.freezesBanked).toBe(2);
    // Two banked cover two missed days; the third ends the streak.
    expect(streakOf(days(`${'M'.repeat(28)}mmM`), GOAL)).toMatchObject({
      current: 29,
      freezesBanked: 0,
      frozenDays: ['2026-03-29', '2026-03-30'],
    });
    expect(streakOf(days(`${'M'.repeat(28)}mmmM`), GOAL)).toMatchObject({
      current: 1,
      longest: 28,
      freezesBanked: 0,
    });
  });

  it('leaves today open: not yet met, it neither counts nor breaks the streak', () => {
    expect(streakOf(days('MMMo'), GOAL)).toEqual({
      current: 3,
      longest: 3,
      freezesBanked: 0,
      frozenDays: [],
    });
    expect(streakOf(days('MMMM'), GOAL).current).toBe(4);
  });

  it('is nothing before the goal was ever met', () => {
    expect(streakOf(days('mmmo'), GOAL)).toEqual({
      current: 0,
      longest: 0,
      freezesBanked: 0,
      frozenDays: [],
    });
  });
});
