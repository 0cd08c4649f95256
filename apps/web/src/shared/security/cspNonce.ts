import { setNonce } from 'get-nonce';

/** What index.html holds until the server writes a fresh nonce into each response. */
const PLACEHOLDER = '__CSP_NONCE__';

/** The per-response CSP nonce from <meta name="csp-nonce">, or null when none was set. */
export function readCspNonce(doc: Document = document): string | null {
  const nonce = doc.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  return nonce && nonce !== PLACEHOLDER ? nonce : null;
}

/**
 * Lets libraries that inject <style> at run time (the dialog's scroll lock) tag it with the
 * nonce, so a strict style-src policy does not block it.
 */
export function applyCspNonce(doc: Document = document): string | null {
  const nonce = readCspNonce(doc);
  if (nonce) setNonce(nonce);
  return nonce;
}
