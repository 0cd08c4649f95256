import { VALIDATION_KEYS, encodeMessage } from '@wordhoard/shared';
import { z } from 'zod';

const accepted = z.boolean().refine(Boolean, { error: encodeMessage(VALIDATION_KEYS.policiesRequired) });

/** The guest page and /accept-policy: every policy must be accepted (SPEC §2). */
export const consentSchema = z.object({ terms: accepted, privacy: accepted, cookie: accepted });
export type Consent = z.infer<typeof consentSchema>;
export const CONSENT_FIELDS = ['terms', 'privacy', 'cookie'] as const;
export const NO_CONSENT: Consent = { terms: false, privacy: false, cookie: false };
