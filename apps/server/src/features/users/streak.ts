import { FREEZE_EARNED_EVERY, MAX_STREAK_FREEZES, type Streak } from '@wordhoard/shared';

export interface StreakDay {
  /** The local date, YYYY-MM-DD. */
  date: string;
  reviews: number;
}

/**
 * The learner's one streak (docs/decisions/0086-one-streak.md) from their days (consecutive
 * local dates, oldest first, the last one today): a day counts when at least one review was
 * answered on it, in any dictionary. Every `FREEZE_EARNED_EVERY` days studied in a row earn a
 * freeze (at most `MAX_STREAK_FREEZES` banked); a missed day uses one, so the streak survives it
 * without growing, and with none banked the streak ends. Today is still open: studied, it
 * counts; not yet, it neither counts nor breaks anything.
 */
export function streakOf(days: readonly StreakDay[]): Streak {
  let current = 0;
  let longest = 0;
  let freezes = 0;
  /** Days studied since the last freeze was earned, in this run. */
  let towardFreeze = 0;
  let frozenDays: string[] = [];
  days.forEach((day, index) => {
    const today = index === days.length - 1;
    if (day.reviews > 0) {
      current += 1;
      longest = Math.max(longest, current);
      towardFreeze += 1;
      if (towardFreeze === FREEZE_EARNED_EVERY) {
        towardFreeze = 0;
        freezes = Math.min(MAX_STREAK_FREEZES, freezes + 1);
      }
    } else if (today || current === 0) {
      // Today is not over; before any run there is nothing to keep.
    } else if (freezes > 0) {
      freezes -= 1;
      frozenDays.push(day.date);
    } else {
      current = 0;
      towardFreeze = 0;
      frozenDays = [];
    }
  });
  const studiedToday = (days.at(-1)?.reviews ?? 0) > 0;
  return { current, longest, studiedToday, freezesBanked: freezes, frozenDays };
}
