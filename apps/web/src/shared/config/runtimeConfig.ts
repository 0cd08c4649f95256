/**
 * Deployment settings the server writes into index.html as meta tags, so one build serves every
 * deployment (apps/server/src/app.ts, runtimeConfigMeta).
 */
export interface RuntimeConfig {
  supportEmail: string | null;
  googleClientId: string | null;
  analyticsId: string | null;
  /** A translation service is configured: the word editor may ask for suggestions. */
  translation: boolean;
  /**
   * The tutorial's uploads on the external video host, one per screen size (a missing one falls
   * back to the other); null when none is set, and the landing page plays its own recording.
   */
  tutorialVideo: { desktop: string; mobile: string } | null;
  /** SOURCE_URL: where the source of the running server is (AGPL-3.0 §13); null outside its page. */
  sourceUrl: string | null;
  /**
   * Who may come in (docs/decisions/0081-private-instance.md): sign-up open, by invite code or
   * closed, and whether guests may enter. The app hides what is shut; the server refuses it.
   */
  signupMode: SignupMode;
  guestAccess: boolean;
}

export type SignupMode = 'open' | 'invite' | 'closed';

function signupModeOf(value: string | null): SignupMode {
  return value === 'invite' || value === 'closed' ? value : 'open';
}

function meta(doc: Document, name: string): string | null {
  const value = doc.querySelector<HTMLMetaElement>(`meta[name="wordhoard:${name}"]`)?.content.trim();
  return value ? value : null;
}

export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  const desktopVideo = meta(doc, 'tutorial-video-desktop') ?? meta(doc, 'tutorial-video-mobile');
  const mobileVideo = meta(doc, 'tutorial-video-mobile') ?? desktopVideo;
  return {
    supportEmail: meta(doc, 'support-email'),
    googleClientId: meta(doc, 'google-client-id'),
    analyticsId: meta(doc, 'analytics-id'),
    translation: meta(doc, 'translation') === 'on',
    tutorialVideo: desktopVideo && mobileVideo ? { desktop: desktopVideo, mobile: mobileVideo } : null,
    sourceUrl: meta(doc, 'source-url'),
    signupMode: signupModeOf(meta(doc, 'signup-mode')),
    guestAccess: meta(doc, 'guest-access') !== 'off',
  };
}
