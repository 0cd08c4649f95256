import { getNonce } from 'get-nonce';
import { afterEach, describe, expect, it } from 'vitest';
import { applyCspNonce, readCspNonce } from './cspNonce';

function setMeta(content: string | null) {
  document.head.querySelector('meta[name="csp-nonce"]')?.remove();
  if (content === null) return;
  const meta = document.createElement('meta');
  meta.name = 'csp-nonce';
  meta.content = content;
  document.head.append(meta);
}

describe('CSP nonce', () => {
  afterEach(() => setMeta(null));

  it('reads the nonce the server wrote into the page', () => {
    setMeta('r4nd0m');
    expect(readCspNonce()).toBe('r4nd0m');
  });

  it('ignores the unreplaced placeholder and a missing tag', () => {
    setMeta('__CSP_NONCE__');
    expect(readCspNonce()).toBeNull();
    setMeta(null);
    expect(readCspNonce()).toBeNull();
  });

  it('hands the nonce to libraries that inject styles', () => {
    setMeta('n0nce');
    expect(applyCspNonce()).toBe('n0nce');
    expect(getNonce()).toBe('n0nce');
  });
});
