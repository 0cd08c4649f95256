import { defineConfig, devices } from '@playwright/test';
import { testBrowserLaunchOptions } from './chromium';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;

const launchOptions = testBrowserLaunchOptions;

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  // Limits for a hang, not speed goals: `npm run test:stress` runs these beside the unit suite
  // and two busy loops on two cores, where a step that takes 1 s on a quiet machine takes 10.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  // No service worker (docs/decisions/0051-service-worker.md) but in tests/pwa.spec.ts: each test's
  // fresh context would otherwise install it and precache the whole build beside the test.
  // A failed test keeps its trace (test-results/…/trace.zip): a flake that does not come back
  // locally can still be read from the CI run that met it.
  use: { baseURL, launchOptions, trace: 'retain-on-failure', locale: 'en-US', serviceWorkers: 'block' },
  projects: [
    {
      name: 'desktop',
      // Tests of the phone layout that size the page themselves (tagged @phone) would run the
      // same here as in the mobile project: they run there only.
      grepInvert: /@phone/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: 'mobile',
      // Tests about the desktop layout (tagged @desktop) run in the desktop project only.
      grepInvert: /@desktop/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 375, height: 812 },
        isMobile: false,
        hasTouch: true,
        launchOptions,
      },
    },
  ],
  // The production build served by the real server on a throwaway embedded database.
  webServer: {
    command: 'node scripts/serve.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(PORT),
      APP_ORIGIN: baseURL,
      LOG_LEVEL: 'warn',
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    },
  },
});
