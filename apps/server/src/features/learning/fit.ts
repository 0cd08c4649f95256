import { computeParameters, FSRSBindingItem, FSRSBindingReview } from '@open-spaced-repetition/binding';
import { fsrs, generatorParameters } from 'ts-fsrs';
import { memoryModel, type MemoryModel } from './memory-model';

/**
 * A learner's graded reviews, oldest first, as three parallel arrays (cheap to hand to a
 * worker): which card (a word in one direction, numbered from 0), the UTC day of the review
 * (days since 1970-01-01) and its rating, 1 Again … 4 Easy.
 */
export interface ReviewHistory {
  cards: Int32Array;
  days: Int32Array;
  ratings: Uint8Array;
}

/** Log loss or RMSE of the recall predicted by the defaults and by the fitted parameters. */
export interface PredictionError {
  defaults: number;
  personal: number;
}

export interface FitOutcome {
  /** The 21 FSRS-6 weights, as the scheduler will use them (clipped to its bounds). */
  parameters: number[];
  /** Graded reviews read: the first 80 % fitted, the rest held back. */
  reviews: number;
  /** Held-back reviews that could be scored: a card's review on a later day than its previous one. */
  scored: number;
  /** On the held-back reviews; null when none could be scored. */
  logLoss: PredictionError | null;
  rmse: PredictionError | null;
}

/** The share of reviews, the most recent, held back from the fit to judge it. */
export const HELD_BACK_SHARE = 0.2;

/** Predictions are kept off 0 and 1, where a log loss is infinite. */
const EPSILON = 1e-6;

/** The long-term scheduler as scheduling.ts builds it (no short-term steps, no fuzz), with weights `w`. */
const longTerm = (w?: readonly number[]) =>
  fsrs(generatorParameters({ enable_short_term: false, enable_fuzz: false, ...(w ? { w: [...w] } : {}) }));

/** Each card's reviews as indices into the history, in order. */
function reviewsByCard(history: ReviewHistory, count: number): Map<number, number[]> {
  const byCard = new Map<number, number[]>();
  for (let index = 0; index < count; index += 1) {
    const card = history.cards[index] ?? 0;
    let list = byCard.get(card);
    if (!list) byCard.set(card, (list = []));
    list.push(index);
  }
  return byCard;
}

/**
 * The optimizer's training items from the first `count` reviews: for every review of a card on
 * a later day than its previous one, the card's history up to it (the first review's delta is
 * 0, then days since the previous review). Same-day repeats stay in the history but are not
 * predicted: the scheduler is long-term only (decision 0011).
 */
export function trainingItems(history: ReviewHistory, count: number): FSRSBindingItem[] {
  const items: FSRSBindingItem[] = [];
  for (const indices of reviewsByCard(history, count).values()) {
    const reviews = indices.map(
      (index, position) =>
        new FSRSBindingReview(
          history.ratings[index] ?? 1,
          position === 0
            ? 0
            : (history.days[index] ?? 0) - (history.days[indices[position - 1] ?? index] ?? 0),
        ),
    );
    for (let length = 2; length <= reviews.length; length += 1) {
      if ((reviews[length - 1]?.deltaT ?? 0) > 0) items.push(new FSRSBindingItem(reviews.slice(0, length)));
    }
  }
  return items;
}

/**
 * Replays every card under `model` and scores the reviews from `from` on: the recall predicted
 * from the card's history before it (fitted and held-back reviews alike) against whether it was
 * recalled (any rating but Again). Reviews on the day of the previous one are not predicted.
 */
export function predictionErrors(
  history: ReviewHistory,
  from: number,
  model: MemoryModel,
): { logLoss: number; squared: number; scored: number } {
  let logLoss = 0;
  let squared = 0;
  let scored = 0;
  for (const indices of reviewsByCard(history, history.ratings.length).values()) {
    let state: { stability: number; difficulty: number } | null = null;
    let lastDay = 0;
    for (const index of indices) {
      const day = history.days[index] ?? 0;
      const rating = history.ratings[index] ?? 1;
      if (state === null) {
        state = model.first(rating);
      } else {
        const elapsed = day - lastDay;
        if (index >= from && elapsed >= 1) {
          const predicted = Math.min(1 - EPSILON, Math.max(EPSILON, model.recall(elapsed, state.stability)));
          const recalled = rating > 1 ? 1 : 0;
          logLoss -= recalled * Math.log(predicted) + (1 - recalled) * Math.log(1 - predicted);
          squared += (predicted - recalled) ** 2;
          scored += 1;
        }
        state = model.review(state.stability, state.difficulty, elapsed, rating);
      }
      lastDay = day;
    }
  }
  return { logLoss, squared, scored };
}

/**
 * Fits FSRS-6 parameters to the first 80 % of a learner's reviews with the FSRS optimizer
 * (fsrs-rs through @open-spaced-repetition/binding, long-term only) and measures them against
 * the defaults on the most recent 20 %: log loss and RMSE of the predicted recall. CPU-bound:
 * it runs in a worker thread (fit.worker.ts), never on the request path.
 */
export async function fitParameters(history: ReviewHistory): Promise<FitOutcome> {
  const reviews = history.ratings.length;
  const fitted = Math.floor(reviews * (1 - HELD_BACK_SHARE));
  const raw = await computeParameters(trainingItems(history, fitted), {
    enableShortTerm: false,
    // Lapses have no same-day relearning steps here: the next review is a day later at least.
    numRelearningSteps: 0,
  });
  const personal = longTerm(raw);
  const parameters = [...personal.parameters.w];
  const before = predictionErrors(history, fitted, memoryModel(longTerm()));
  const after = predictionErrors(history, fitted, memoryModel(personal));
  const scored = after.scored;
  return {
    parameters,
    reviews,
    scored,
    logLoss: scored === 0 ? null : { defaults: before.logLoss / scored, personal: after.logLoss / scored },
    rmse:
      scored === 0
        ? null
        : { defaults: Math.sqrt(before.squared / scored), personal: Math.sqrt(after.squared / scored) },
  };
}
