// Reminders (docs/decisions/0054-reminders.md): their local time and the one-click unsubscribe.
import { z } from 'zod';
import { encodeMessage, VALIDATION_KEYS } from '../messageCodec';

/** A reminder's local time, HH:MM on a 24-hour clock (docs/decisions/0054-reminders.md). */
export const REMINDER_TIME_DEFAULT = '18:00';
const invalidReminderTime = encodeMessage(VALIDATION_KEYS.reminderTime);
export const reminderTimeSchema = z
  .string({ error: invalidReminderTime })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: invalidReminderTime });
/** The one-click unsubscribe token of a reminder mail. */
export const reminderTokenQuerySchema = z.object({ token: z.string().min(16).max(128) });
