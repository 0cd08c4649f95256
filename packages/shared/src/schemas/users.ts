// The signed-in user (GET and PATCH /users/me): the account, its settings and its sorting.
import { z } from 'zod';
import { isTimeZone } from '../constants';
import { encodeMessage, VALIDATION_KEYS } from '../messageCodec';
import { idSchema, isoDateSchema, languageSchema, roleSchema, sortDirectionSchema } from './common';
import { limitsSchema, userPlanSchema } from './payments';
import { dailyGoalSchema } from './progress';
import { reminderTimeSchema } from './reminders';
import { desiredRetentionSchema } from './scheduling';
import { leechThresholdSchema } from './weakSpots';

export const DICTIONARIES_SORTS = ['name', 'update', 'words'] as const;
export const dictionariesSortSchema = z.enum(DICTIONARIES_SORTS);
export type DictionariesSort = z.infer<typeof dictionariesSortSchema>;

export const WORDS_SORTS = ['create', 'term', 'update'] as const;
export const wordsSortSchema = z.enum(WORDS_SORTS);
export type WordsSort = z.infer<typeof wordsSortSchema>;

export const sortingConfigsSchema = z.object({
  dictionariesSort: dictionariesSortSchema,
  dictionariesSortDirection: sortDirectionSchema,
  dictionaryWordsSort: wordsSortSchema,
  dictionaryWordsSortDirection: sortDirectionSchema,
});
export type SortingConfigs = z.infer<typeof sortingConfigsSchema>;
export const DEFAULT_SORTING_CONFIGS: SortingConfigs = {
  dictionariesSort: 'update',
  dictionariesSortDirection: -1,
  dictionaryWordsSort: 'create',
  dictionaryWordsSortDirection: -1,
};

export const userSchema = z.object({
  id: idSchema,
  email: z.string().nullable(),
  role: roleSchema,
  interfaceLanguage: languageSchema,
  sortingConfigs: sortingConfigsSchema,
  limits: limitsSchema,
  plan: userPlanSchema,
  guestExpiresAt: isoDateSchema.nullable(),
  /** How the account proves it is its owner's before a password change or deletion (decision 0016). */
  hasPassword: z.boolean(),
  googleLinked: z.boolean(),
  /** The share of due words the learner wants to still know (decision 0046). */
  desiredRetention: z.number(),
  /** Lapses of a word's definitions that make it a leech (docs/decisions/0049-weak-spots.md). */
  leechThreshold: z.number().int(),
  /** The learner's IANA time zone: their day (docs/decisions/0053-learners-day.md). */
  timeZone: z.string(),
  /** Words to review each day: the day's target (the streak needs only one, decision 0086). */
  dailyGoal: z.number().int(),
  /** E-mail reminders on, and at what local time, HH:MM (docs/decisions/0054-reminders.md). */
  emailReminders: z.boolean(),
  reminderTime: z.string(),
});
export type User = z.infer<typeof userSchema>;

const invalidTimeZone = encodeMessage(VALIDATION_KEYS.timeZone);
export const timeZoneSchema = z
  .string({ error: invalidTimeZone })
  .refine(isTimeZone, { error: invalidTimeZone });

export const updateMeBodySchema = z.object({
  interfaceLanguage: languageSchema.optional(),
  sortingConfigs: sortingConfigsSchema.partial().optional(),
  desiredRetention: desiredRetentionSchema.optional(),
  leechThreshold: leechThresholdSchema.optional(),
  timeZone: timeZoneSchema.optional(),
  dailyGoal: dailyGoalSchema.optional(),
  emailReminders: z.boolean().optional(),
  reminderTime: reminderTimeSchema.optional(),
});

export const userResponseSchema = z.object({ user: userSchema });
