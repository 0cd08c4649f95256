// Invite codes for sign-up when SIGNUP_MODE is `invite` (decision 0081).
import { z } from 'zod';
import { encodeMessage, VALIDATION_KEYS } from '../messageCodec';

/**
 * An invite code (decision 0081): needed to make an account when the server's SIGNUP_MODE is
 * `invite`, ignored otherwise. Spaces and dashes a reader may copy along are ignored.
 */
export const inviteCodeSchema = z
  .string()
  .max(64, { error: encodeMessage(VALIDATION_KEYS.maxLength, { length: 64 }) })
  .transform((value) => value.replace(/[\s-]/g, '').toLowerCase());

/** Most uses and days one invite may have (decision 0081). */
export const INVITE_MAX_USES = 1000;
export const INVITE_MAX_DAYS = 365;
/** POST /invites: how many sign-ups the code allows, and for how many days (none: no expiry). */
const invalidInviteNumber = { error: encodeMessage(VALIDATION_KEYS.invalidValue) };
export const createInviteBodySchema = z.object({
  uses: z
    .number(invalidInviteNumber)
    .int(invalidInviteNumber)
    .min(1, invalidInviteNumber)
    .max(INVITE_MAX_USES, invalidInviteNumber)
    .optional(),
  days: z
    .number(invalidInviteNumber)
    .int(invalidInviteNumber)
    .min(1, invalidInviteNumber)
    .max(INVITE_MAX_DAYS, invalidInviteNumber)
    .optional(),
});
/** A new invite: the code is shown this once; only its hash is kept. */
export const inviteSchema = z.object({
  code: z.string(),
  uses: z.number().int(),
  expiresAt: z.iso.datetime().nullable(),
});
export type Invite = z.infer<typeof inviteSchema>;
