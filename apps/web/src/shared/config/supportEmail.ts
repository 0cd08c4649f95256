import { readRuntimeConfig } from './runtimeConfig';

const FALLBACK_SUPPORT_EMAIL = 'support@wordhoard.app';

/** The deployment's SUPPORT_EMAIL (a meta tag from the server): support, privacy and data requests. */
export function supportEmail(configured: string | null = readRuntimeConfig().supportEmail): string {
  return configured?.trim() || FALLBACK_SUPPORT_EMAIL;
}

/** A mailto: link with the subject SPEC §1 asks for. */
export function supportMailto(email: string): string {
  return `mailto:${email}?subject=${encodeURIComponent('Support')}`;
}
