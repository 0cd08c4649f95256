import type { DictionaryProgress, DueCounts, Streak } from '@wordhoard/shared';
import type { Caller } from '../../domain/caller';
import { notFound } from '../../domain/errors';
import { learnerDay } from '../../domain/learner-day';
import type { ProgressRepository } from './progress.repository';
import { chartDays } from './scheduling';

/** What the learner has to review and how far they are: due counts and a dictionary's progress. */
export class ProgressService {
  constructor(
    private readonly repository: ProgressRepository,
    private readonly clock: () => Date,
    /** The learner's one streak (decision 0086), counted by the users feature. */
    private readonly streakOf: (userId: string) => Promise<Streak>,
  ) {}

  /** Cards of every dictionary of the user due before `until` (the daily reminder, decision 0054). */
  async dueTotal(userId: string, until: Date): Promise<number> {
    const rows = await this.repository.dueCounts(userId, until);
    return rows.reduce((sum, row) => sum + row.count, 0);
  }

  /** Words due by the end of today in each of the user's dictionaries, with their names. */
  async dueCounts(caller: Caller): Promise<DueCounts> {
    const session = await caller.session();
    const { userId } = session;
    const until = learnerDay(session, this.clock()).endsAt;
    const rows = await this.repository.dueCounts(userId, until);
    const byDictionary = new Map<string, DueCounts['dictionaries'][number]>();
    for (const row of rows) {
      const entry = byDictionary.get(row.dictionaryId) ?? {
        dictionaryId: row.dictionaryId,
        name: row.name,
        forward: 0,
        swapped: 0,
      };
      entry[row.reversed ? 'swapped' : 'forward'] += row.count;
      byDictionary.set(row.dictionaryId, entry);
    }
    const dictionaries = [...byDictionary.values()];
    return {
      total: dictionaries.reduce((sum, entry) => sum + entry.forward + entry.swapped, 0),
      until: until.toISOString(),
      dictionaries,
    };
  }

  /** One dictionary's learning progress: word states, due words, tests per day and the streak. */
  async progress(caller: Caller, dictionaryId: string): Promise<DictionaryProgress> {
    const session = await caller.session();
    const { userId } = session;
    if (!(await this.repository.ownsDictionary(userId, dictionaryId))) throw notFound();
    const today = learnerDay(session, this.clock());
    const until = today.endsAt;
    const [states, due, days, streak] = await Promise.all([
      this.repository.wordStates(dictionaryId),
      this.repository.dueCounts(userId, until, dictionaryId),
      this.repository.testDays(dictionaryId),
      this.streakOf(userId),
    ]);
    const dueIn = (reversed: boolean) => due.find((row) => row.reversed === reversed)?.count ?? 0;
    return {
      dictionaryId,
      words: {
        total: states.total,
        new: states.new,
        mastered: states.mastered,
        learning: states.total - states.new - states.mastered,
      },
      due: { forward: dueIn(false), swapped: dueIn(true), until: until.toISOString() },
      days: chartDays(new Map(days.map((row) => [row.day, row.tests])), today.day),
      streak,
    };
  }
}
