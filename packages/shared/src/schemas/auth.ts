// Signing up, in and out of an account: e-mail and password, codes, Google, guests, and what
// confirms a password change or a deletion (docs/decisions/0016).
import { z } from 'zod';
import { emailSchema, loginPasswordSchema, passwordSchema, verificationCodeSchema } from '../validation';
import { languageSchema } from './common';
import { inviteCodeSchema } from './invites';

export const signupBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  interfaceLanguage: languageSchema.optional(),
  inviteCode: inviteCodeSchema.optional(),
});
export const loginBodySchema = z.object({ email: emailSchema, password: loginPasswordSchema });
export const verifyBodySchema = z.object({ code: verificationCodeSchema });
export const restoreCodeBodySchema = z.object({ email: emailSchema });
export const restoreBodySchema = z.object({ email: emailSchema, code: verificationCodeSchema });
/**
 * What confirms a password change or an account deletion (docs/decisions/0016): the current
 * password, or for an account without one a Google ID token from signing in again just now.
 */
const confirmationFields = {
  currentPassword: loginPasswordSchema.optional(),
  googleCredential: z.string().min(1).max(8192).optional(),
};
/** Without a confirmation only in the session a restore code has just signed in. */
export const passwordBodySchema = z.object({ password: passwordSchema, ...confirmationFields });
/** The form on the profile screen, where the current password is always asked for. */
export const changePasswordFormSchema = z.object({
  password: passwordSchema,
  currentPassword: loginPasswordSchema,
});
/** May be left out (a bare DELETE): then the answer says what confirmation is missing. */
export const deleteAccountBodySchema = z
  .object({
    ...confirmationFields,
    /** An account with no password and no Google link (a guest) confirms in so many words. */
    confirmDeletion: z.literal(true).optional(),
  })
  .nullish();
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
export const googleBodySchema = z.object({
  credential: z.string().min(1).max(8192),
  interfaceLanguage: languageSchema.optional(),
  /** Read only when the Google account has no Wordhoard account yet (a sign-up). */
  inviteCode: inviteCodeSchema.optional(),
});
export const guestBodySchema = z.object({ interfaceLanguage: languageSchema.optional() });

export const guestSignupBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  inviteCode: inviteCodeSchema.optional(),
});
export const guestGoogleBodySchema = z.object({
  credential: z.string().min(1).max(8192),
  inviteCode: inviteCodeSchema.optional(),
});

export const verifiedSchema = z.object({ verified: z.literal(true) });
export const isValidSchema = z.object({ isValid: z.boolean() });
