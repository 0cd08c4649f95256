/**
 * Deployment settings the server writes into index.html as meta tags, so one build serves every
 * deployment (apps/server/src/app.ts, runtimeConfigMeta).
 */
export interface RuntimeConfig {
  supportEmail: string | null;
  googleClientId: string | null;
  analyticsId: string | null;
}

function meta(doc: Document, name: string): string | null {
  const value = doc.querySelector<HTMLMetaElement>(`meta[name="wordhoard:${name}"]`)?.content.trim();
  return value ? value : null;
}

export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  return {
    supportEmail: meta(doc, 'support-email'),
    googleClientId: meta(doc, 'google-client-id'),
    analyticsId: meta(doc, 'analytics-id'),
  };
}
