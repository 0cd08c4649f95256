import { readRuntimeConfig } from '../../shared/config/runtimeConfig';

const FALLBACK_SUPPORT_EMAIL = 'support@wordhoard.app';

/** The address support mail goes to: the server's SUPPORT_EMAIL, given to the page as a meta tag. */
export function supportEmail(configured: string | null = readRuntimeConfig().supportEmail): string {
  return configured?.trim() || FALLBACK_SUPPORT_EMAIL;
}

/** A mailto: link with the subject SPEC §1 asks for. */
export function supportMailto(email: string): string {
  return `mailto:${email}?subject=${encodeURIComponent('Support')}`;
}
