const FALLBACK_SUPPORT_EMAIL = 'support@wordhoard.app';

/** The address support mail goes to; set VITE_SUPPORT_EMAIL at build time to change it. */
export function supportEmail(configured: string | undefined = import.meta.env.VITE_SUPPORT_EMAIL): string {
  return configured?.trim() || FALLBACK_SUPPORT_EMAIL;
}

/** A mailto: link with the subject SPEC §1 asks for. */
export function supportMailto(email: string): string {
  return `mailto:${email}?subject=${encodeURIComponent('Support')}`;
}
