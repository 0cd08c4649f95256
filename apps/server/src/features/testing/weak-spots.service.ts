import { WEAK_SPOTS_LISTED, type WeakSpots } from '@wordhoard/shared';
import type { Caller } from '../../domain/caller';
import { AppError, notFound } from '../../domain/errors';
import type { ProgressRepository } from './progress.repository';
import { leeches, weakestDefinitions } from './weak-spots';
import type { WeakSpotsRepository } from './weak-spots.repository';

/**
 * A dictionary's weak spots as the learner's review log shows them (docs/decisions/
 * 0049-weak-spots.md): the definitions missed most, the leeches, the confusion pairs and the
 * words set aside.
 */
export class WeakSpotsService {
  constructor(
    private readonly repository: WeakSpotsRepository,
    private readonly progress: Pick<ProgressRepository, 'ownsDictionary'>,
  ) {}

  async ofDictionary(caller: Caller, dictionaryId: string): Promise<WeakSpots> {
    const { userId } = await caller.session();
    if (!(await this.progress.ownsDictionary(userId, dictionaryId))) throw notFound();
    const [threshold, records, pairs, suspended] = await Promise.all([
      this.repository.leechThreshold(userId),
      this.repository.missedDefinitions(userId, { dictionaryId }),
      this.repository.confusionPairs(userId, dictionaryId, WEAK_SPOTS_LISTED),
      this.repository.suspendedWords(userId, dictionaryId),
    ]);
    if (threshold === undefined) throw new AppError('UNAUTHORIZED');
    return {
      leechThreshold: threshold,
      definitions: weakestDefinitions(records, WEAK_SPOTS_LISTED).map((record) => ({
        wordId: record.wordId,
        term: record.term,
        reversed: record.reversed,
        definition: record.definition,
        misses: record.misses,
        lapses: record.lapses,
        lastMissAt: record.lastMissAt.toISOString(),
      })),
      leeches: leeches(records, threshold),
      confusions: pairs.map((pair) => ({
        words: [
          { wordId: pair.first.wordId, term: pair.first.term },
          { wordId: pair.second.wordId, term: pair.second.term },
        ],
        times: pair.times,
        lastAt: pair.lastAt.toISOString(),
      })),
      suspended,
    };
  }
}
