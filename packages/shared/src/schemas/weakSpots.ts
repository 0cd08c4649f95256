// Weak spots (docs/decisions/0049-weak-spots.md): the leech threshold, the definitions missed
// most, leeches, confusion pairs and suspended words.
import { z } from 'zod';
import { encodeMessage, VALIDATION_KEYS } from '../messageCodec';
import { idSchema, isoDateSchema } from './common';

/** Lapses of a word's definitions that make it a leech: Anki's default, and the range allowed. */
export const LEECH_THRESHOLD = { min: 3, max: 30, default: 8 } as const;
const leechRange = encodeMessage(VALIDATION_KEYS.leechThresholdRange, {
  min: LEECH_THRESHOLD.min,
  max: LEECH_THRESHOLD.max,
});
export const leechThresholdSchema = z
  .number({ error: leechRange })
  .int({ error: leechRange })
  .min(LEECH_THRESHOLD.min, { error: leechRange })
  .max(LEECH_THRESHOLD.max, { error: leechRange });

/** At most this many weak definitions and confusion pairs are listed. */
export const WEAK_SPOTS_LISTED = 20;

const weakWordSchema = z.object({ wordId: idSchema, term: z.string() });

export const weakSpotsSchema = z.object({
  leechThreshold: z.number().int(),
  /**
   * A definition's record, most missed first: `missed` counts the tests where it was not recalled
   * unaided, `lapses` those where it was missed after being recalled the time before.
   */
  definitions: z.array(
    weakWordSchema.extend({
      /** The direction: true when the definitions were shown and the term (`definition`) expected. */
      reversed: z.boolean(),
      definition: z.string(),
      misses: z.number().int(),
      lapses: z.number().int(),
      lastMissAt: isoDateSchema,
    }),
  ),
  /** Words whose definitions lapsed `leechThreshold` times or more, most lapses first. */
  leeches: z.array(weakWordSchema.extend({ lapses: z.number().int(), suspended: z.boolean() })),
  /** Pairs of words whose answers the learner typed for each other, most often first. */
  confusions: z.array(
    z.object({
      words: z.tuple([weakWordSchema, weakWordSchema]),
      times: z.number().int(),
      lastAt: isoDateSchema,
    }),
  ),
  /** Suspended words of the dictionary. */
  suspended: z.array(weakWordSchema),
});
export type WeakSpots = z.infer<typeof weakSpotsSchema>;

export const suspendWordBodySchema = z.object({ suspended: z.boolean() });
export type SuspendWordBody = z.infer<typeof suspendWordBodySchema>;
