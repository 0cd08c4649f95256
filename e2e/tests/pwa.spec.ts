import { expect, test, type APIRequestContext } from '@playwright/test';
import { recordCspViolations } from './support/csp';

// The other specs run with service workers blocked (playwright.config.ts); this one is about it.
test.use({ serviceWorkers: 'allow' });

/** Fetches a PNG and reads its size from the IHDR chunk (bytes 16–23 of the file). */
async function pngSize(request: APIRequestContext, url: string): Promise<string> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()['content-type'], url).toBe('image/png');
  const bytes = await response.body();
  expect(bytes.subarray(1, 4).toString('latin1'), url).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

test('installs: a manifest with its icons, a service worker, and the app opens offline under its CSP @desktop', async ({
  page,
  context,
  request,
}) => {
  const violations = await recordCspViolations(page);
  await page.goto('/');

  const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestUrl).toBeTruthy();
  const manifestResponse = await request.get(manifestUrl!);
  expect(manifestResponse.status()).toBe(200);
  expect(manifestResponse.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await manifestResponse.json();
  expect(manifest).toMatchObject({
    id: '/',
    name: 'Wordhoard',
    short_name: 'Wordhoard',
    start_url: '/menu',
    scope: '/',
    display: 'standalone',
    theme_color: '#f6f6fb',
    background_color: '#f6f6fb',
  });
  expect(manifest.description).toMatch(/dictionaries/);
  const icons = manifest.icons as ManifestIcon[];
  for (const purpose of ['any', 'maskable']) {
    expect(icons.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
  }
  for (const icon of icons) {
    expect(icon.type).toBe('image/png');
    expect(await pngSize(request, icon.src)).toBe(icon.sizes);
  }
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(await pngSize(request, touchIcon!)).toBe('180x180');

  // Registered after load; ready once it has precached the build and the offline shell.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(new URL('/', page.url()).href);
  // Chromium's own installability check (what its install prompt and Lighthouse's former PWA
  // audit ask): manifest, icons, start URL in scope, a worker with a fetch handler.
  const devtools = await context.newCDPSession(page);
  const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
  // A test's browser context is an incognito one, where nothing installs; nothing else may stand in the way.
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);

  // Online, a page under the worker still comes from the network with a fresh nonce, and the
  // API never goes through the worker's cache.
  const apiResponse = page.waitForResponse((response) => response.url().includes('/api/'));
  const online = await page.goto('/');
  expect((await apiResponse).fromServiceWorker()).toBe(false);
  const onlineNonce = /'nonce-([^']+)'/.exec(online?.headers()['content-security-policy'] ?? '')?.[1];
  expect(onlineNonce).toBeTruthy();
  await expect(page.locator('#app-shell')).toHaveCount(0);

  await context.setOffline(true);
  const failedApiCalls: string[] = [];
  page.on('requestfailed', (failed) => {
    if (failed.url().includes('/api/')) failedApiCalls.push(failed.url());
  });
  const offline = await page.goto('/');
  // The kept page, with the CSP it came with: its nonce and its header still agree.
  expect(offline?.status()).toBe(200);
  expect(offline?.fromServiceWorker()).toBe(true);
  const offlineNonce = /'nonce-([^']+)'/.exec(offline?.headers()['content-security-policy'] ?? '')?.[1];
  expect(offlineNonce).toBeTruthy();
  expect(await page.locator('meta[name="csp-nonce"]').getAttribute('content')).toBe(offlineNonce);
  await expect(page).toHaveTitle(/Wordhoard$/);
  // The app's scripts ran from the cache: its own header replaced the page's static one.
  await expect(page.locator('#app-shell')).toHaveCount(0);
  await expect(page.locator('h1', { hasText: 'Wordhoard' })).toBeAttached();
  // …and, its strings from the cache too, tells the visitor what is wrong in its own words.
  await expect(page.getByRole('dialog')).toContainText("Can't reach Wordhoard — check your connection.");
  // Offline, the API was asked for (and could not answer) rather than served from a cache.
  await expect.poll(() => failedApiCalls.length).toBeGreaterThan(0);
  expect(violations).toEqual([]);
  await context.setOffline(false);
});
