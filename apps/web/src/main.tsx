import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppContext } from './app/App';
import { appUpdates } from './app/pwa/appUpdates';
import { afterLoadWhenIdle } from './shared/lib/afterLoadWhenIdle';
import { applyCspNonce } from './shared/security/cspNonce';
import { pageTheme } from './shared/theme/theme';
import './shared/ui/styles';

async function bootstrap() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  // The stored theme goes on <html> before anything renders. Not an inline script in index.html
  // (it would need the CSP nonce): the header shell that paints before this runs may show the
  // device's theme for that moment when the user chose the other one.
  pageTheme();
  applyCspNonce();
  // zod 4 probes for `new Function` to compile fast parsers; our CSP forbids eval, so the probe
  // only fills the console (and any CSP report) with a violation. Parse without it. zod loads
  // with the screens that validate, never at start-up (decision 0036); it adopts the config it
  // finds on globalThis (zod/v4/core/core.js), so none of its code need be in the entry chunk
  // (3.7 KB gzip of it was). e2e/tests/shell.spec.ts fails if a zod update stops reading it.
  (globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
  // Rendering waits for the language's strings, so no untranslated keys ever flash.
  const context = await createAppContext();
  createRoot(container).render(
    <StrictMode>
      <App {...context} />
    </StrictMode>,
  );
}

void bootstrap();

// The service worker (offline use, installing the app) in production builds only, after the
// first screen: its code is a chunk of its own, fetched then (docs/decisions/0051-service-worker.md).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  afterLoadWhenIdle(() => {
    import('./app/pwa/registerServiceWorker')
      .then(({ registerServiceWorker }) => registerServiceWorker(appUpdates))
      // The network went away since the page loaded: the next visit registers it.
      .catch(() => undefined);
  });
}
