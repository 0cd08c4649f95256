import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { default_w, fsrs, generatorParameters, Rating } from 'ts-fsrs';
import type { Db } from '../src/db/database';
import type { StoredCard } from '@wordhoard/shared';
import { reviewLog, wordCards } from '../src/db/schema';
import { memoryModel } from '../src/features/learning/memory-model';
import { review } from '../src/features/testing/scheduling';
import { apiClient } from './api-client';
import { numberedWords } from './testing-driver';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The memory of the simulated learner: FSRS-6 with the defaults' shape, but first memories 15
 * times as stable and each recall strengthening them more (w8 × 1.6). They recall far more
 * often than the defaults predict, so parameters fitted to their log really predict them better.
 */
const LEARNER_WEIGHTS = default_w.map((weight, index) => {
  if (index < 4) return weight * 15;
  if (index === 8) return weight * 1.6;
  return weight;
});

/** A small, seeded generator (mulberry32): the same seed, the same history. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SimulatedReview {
  /** The word's number, 0 … words − 1. */
  word: number;
  time: Date;
  /** Good when recalled, Again when not (the app's two grades of a finished word but Hard). */
  rating: Rating.Again | Rating.Good;
  /** The word's FSRS state before the review (0 new, 2 review). */
  state: number;
}

export interface SimulatedLearner {
  reviews: SimulatedReview[];
  /** Each word's card as the app holds it after the last review (null: never reviewed). */
  cards: (StoredCard | null)[];
}

/**
 * A learner who, every day for `days` days ending at `end`, takes a due test of the words the
 * app's scheduler (the defaults, as `review` schedules today) has due, plus `newPerDay` new
 * words while there are some, and recalls each with the probability of their own memory
 * (`LEARNER_WEIGHTS`), drawn from `seed`. Deterministic: same options, same history.
 */
export function simulateLearner(options: {
  words: number;
  days: number;
  newPerDay: number;
  end: Date;
  seed?: number;
}): SimulatedLearner {
  const { words, days, newPerDay, end } = options;
  const draw = random(options.seed ?? 20261124);
  const truth = memoryModel(
    fsrs(generatorParameters({ enable_short_term: false, enable_fuzz: false, w: LEARNER_WEIGHTS })),
  );
  const cards: (StoredCard | null)[] = Array.from({ length: words }, () => null);
  const memory: ({ stability: number; difficulty: number; day: number } | null)[] = cards.map(() => null);
  const reviews: SimulatedReview[] = [];
  const firstDay = Math.floor(end.getTime() / DAY_MS) - days;
  let introduced = 0;
  for (let day = firstDay; day < firstDay + days; day += 1) {
    const endOfDay = (day + 1) * DAY_MS;
    const due = cards.flatMap((card, word) => (card && Date.parse(card.due) < endOfDay ? [word] : []));
    const fresh = Array.from({ length: Math.min(newPerDay, words - introduced) }, (_, i) => introduced + i);
    introduced += fresh.length;
    [...due, ...fresh].forEach((word, position) => {
      const time = new Date(day * DAY_MS + 9 * 60 * 60 * 1000 + position * 20_000);
      const known = memory[word] ?? null;
      const recalled = known === null || draw() < truth.recall(day - known.day, known.stability);
      const rating = recalled ? Rating.Good : Rating.Again;
      const card = cards[word] ?? null;
      reviews.push({ word, time, rating, state: card?.state ?? 0 });
      cards[word] = review(card, rating, time);
      const next = known
        ? truth.review(known.stability, known.difficulty, day - known.day, rating)
        : truth.first(rating);
      memory[word] = { stability: next.stability, difficulty: next.difficulty, day };
    });
  }
  return { reviews, cards };
}

/**
 * Gives `user` a dictionary of `words` words and the history `simulateLearner` makes for them:
 * the review log rows a learner's tests would have written, and the cards they would hold.
 * Written straight into the tables, as thousands of answers through the API would take minutes.
 */
export async function seedReviewHistory(
  app: FastifyInstance,
  db: Db,
  user: { id: string; cookie: string },
  options: { words: number; days: number; newPerDay: number; end: Date; seed?: number },
): Promise<SimulatedLearner & { dictionaryId: string }> {
  const api = apiClient(app).as(user.cookie);
  const dictionaryId = (
    await api.call('importDictionary', {
      body: {
        name: `History ${randomUUID().slice(0, 8)}`,
        fromLanguage: 'en',
        toLanguage: 'de',
        words: numberedWords(options.words),
      },
    })
  ).data().dictionary.id;
  const wordIds = new Map<string, string>();
  for (let page = 1; wordIds.size < options.words; page += 1) {
    const found = (
      await api.call('getDictionary', { params: { id: dictionaryId }, query: { page, limit: 100 } })
    ).data();
    for (const word of found.words) wordIds.set(word.term, word.id);
    if (found.words.length === 0) break;
  }
  const idOf = (word: number) => {
    const id = wordIds.get(`w${word}`);
    if (!id) throw new Error(`word w${word} was not imported`);
    return id;
  };
  const learner = simulateLearner(options);
  const rows = learner.reviews.map((entry) => ({
    userId: user.id,
    wordId: idOf(entry.word),
    reversed: false,
    definition: entry.rating === Rating.Good ? `d${entry.word}` : null,
    typed: entry.rating === Rating.Good ? `d${entry.word}` : 'x',
    result: entry.rating === Rating.Good ? ('correct' as const) : ('wrong' as const),
    rating: entry.rating,
    state: entry.state,
    durationMs: 3000,
    reviewedAt: entry.time,
  }));
  for (let start = 0; start < rows.length; start += 500) {
    await db.insert(reviewLog).values(rows.slice(start, start + 500));
  }
  const cards = learner.cards.flatMap((card, word) =>
    card
      ? [
          {
            wordId: idOf(word),
            dictionaryId,
            reversed: false,
            due: new Date(card.due),
            stability: card.stability,
            difficulty: card.difficulty,
            scheduledDays: card.scheduledDays,
            learningSteps: card.learningSteps,
            reps: card.reps,
            lapses: card.lapses,
            state: card.state,
            lastReview: card.lastReview ? new Date(card.lastReview) : null,
          },
        ]
      : [],
  );
  if (cards.length > 0) await db.insert(wordCards).values(cards);
  return { ...learner, dictionaryId };
}
