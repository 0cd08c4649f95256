import type { AppUpdates } from './appUpdates';

/** How often an open app asks for a new version besides on load and when it comes back. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers /sw.js (built from src/serviceWorker/sw.ts) for the whole origin and hands the
 * registration to `updates`. Imported lazily after load (main.tsx): it is not start-up code.
 */
export async function registerServiceWorker(updates: AppUpdates): Promise<void> {
  const container = navigator.serviceWorker;
  let registration: ServiceWorkerRegistration | undefined;
  try {
    // updateViaCache 'none': update checks never answered from the HTTP cache.
    registration = await container.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  } catch {
    // Refused (storage off, a private window in some browsers): the app works as without one.
    return;
  }
  // Blocked service workers (a browser setting, Playwright's `serviceWorkers: 'block'`) may
  // resolve with nothing at all.
  if (!(registration as ServiceWorkerRegistration | undefined)) return;
  updates.watch(registration, container);
  const check = () => void registration.update().catch(() => {});
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  window.setInterval(check, UPDATE_CHECK_MS);
}
