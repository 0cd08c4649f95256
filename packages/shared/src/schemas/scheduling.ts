// Personal scheduling (docs/decisions/0046-personal-scheduling.md): the desired retention, the
// fit of the learner's own FSRS parameters and the workload forecast.
import { z } from 'zod';
import { encodeMessage, VALIDATION_KEYS } from '../messageCodec';
import { isoDateSchema } from './common';

/**
 * The desired retention: the share of due words the learner wants to still know when they come
 * up (FSRS's request retention). Higher means shorter intervals and more reviews a day.
 */
export const DESIRED_RETENTION = { min: 0.7, max: 0.97, default: 0.9 } as const;
const retentionRange = encodeMessage(VALIDATION_KEYS.retentionRange, {
  min: Math.round(DESIRED_RETENTION.min * 100),
  max: Math.round(DESIRED_RETENTION.max * 100),
});
export const desiredRetentionSchema = z
  .number({ error: retentionRange })
  .min(DESIRED_RETENTION.min, { error: retentionRange })
  .max(DESIRED_RETENTION.max, { error: retentionRange });

/**
 * Graded reviews a learner needs before their own FSRS parameters are fitted: the minimum the
 * FSRS authors set in Anki 24.04 (decision 0046 has the source).
 */
export const PERSONAL_PARAMETERS_MIN_REVIEWS = 400;
/** Days in the workload forecast, today first. */
export const FORECAST_DAYS = 30;

export const workloadForecastQuerySchema = z.object({
  /** The retention to forecast at; the learner's own when left out. */
  retention: z.coerce
    .number({ error: retentionRange })
    .min(DESIRED_RETENTION.min, { error: retentionRange })
    .max(DESIRED_RETENTION.max, { error: retentionRange })
    .optional(),
});
export type WorkloadForecastQuery = z.input<typeof workloadForecastQuerySchema>;

export const workloadForecastSchema = z.object({
  retention: z.number(),
  /** Whether the learner's own fitted parameters drive it (else the FSRS defaults). */
  personal: z.boolean(),
  /** `FORECAST_DAYS` UTC days from today: the reviews expected on each. */
  days: z.array(z.object({ day: z.iso.date(), reviews: z.number().int() })),
  /** The reviews expected over all those days. */
  total: z.number().int(),
});
export type WorkloadForecast = z.infer<typeof workloadForecastSchema>;

/** How well a set of parameters predicted the held-back reviews (lower is better for both). */
const predictionErrorSchema = z.object({ defaults: z.number(), personal: z.number() });

export const schedulerStatusSchema = z.object({
  desiredRetention: z.number(),
  /** Graded reviews in the learner's log now. */
  reviews: z.number().int(),
  /** Graded reviews a fit needs (`PERSONAL_PARAMETERS_MIN_REVIEWS`). */
  minReviews: z.number().int(),
  /** A fit is running; it ends on its own (the client asks again). */
  fitting: z.boolean(),
  /** The last fit, if any. */
  fit: z
    .object({
      fittedAt: isoDateSchema,
      /** Graded reviews the fit read: the first 80 % fitted, the last 20 % held back. */
      reviews: z.number().int(),
      /** Held-back reviews that could be scored (a word's later review on a later day). */
      scored: z.number().int(),
      /** Log loss and RMSE of the predicted recall on the held-back reviews; null when none scored. */
      logLoss: predictionErrorSchema.nullable(),
      rmse: predictionErrorSchema.nullable(),
      /** The fitted parameters schedule the learner: they predicted better than the defaults. */
      inUse: z.boolean(),
      /** The 21 FSRS-6 weights. */
      parameters: z.array(z.number()),
    })
    .nullable(),
});
export type SchedulerStatus = z.infer<typeof schedulerStatusSchema>;
