import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

if (typeof window !== 'undefined') {
  // jsdom has no layout; the router's scroll restoration would log "not implemented".
  Object.defineProperty(window, 'scrollTo', { value: () => {}, writable: true });
}
