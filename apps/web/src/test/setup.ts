import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installFastLabels } from './fastLabels';

// Tests wait on conditions (findBy…, waitFor), which resolve as soon as they hold; Testing
// Library's default of 1 s only decides how long a busy machine may take before a test fails
// (the screens talk to a real API server on PGlite in the same process). One generous limit here,
// with vitest's testTimeout (vitest.config.ts), instead of per-test timeouts tuned to a machine.
configure({ asyncUtilTimeout: 60_000 });

// Vitest globals are off, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

if (typeof window !== 'undefined') {
  installFastLabels();
  // jsdom has no layout; the router's scroll restoration would log "not implemented".
  Object.defineProperty(window, 'scrollTo', { value: () => {}, writable: true });
}

// The files of a worker share one jsdom and one module cache (`isolate: false` in
// vitest.config.ts: each file's own jsdom and imports cost more than its tests). This setup
// runs before every file, so each starts from what a fresh page would have.
if (typeof window !== 'undefined') {
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', '/');
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
  document.documentElement.removeAttribute('data-theme');
  // Scripts a page added to <head> (Google's sign-in) and what they define: a script left on its
  // way by an earlier file would stand in for the one a later file's page adds.
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  Reflect.deleteProperty(window, 'google');
}
