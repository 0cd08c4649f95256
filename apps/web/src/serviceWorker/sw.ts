/**
 * The service worker (docs/decisions/0051-service-worker.md), built by vite-plugin-pwa
 * (injectManifest) into /sw.js, which writes the build's precache list in place of
 * `self.__WB_MANIFEST`.
 *
 * - The build's files (hashed assets, icons): precached at install, then served cache-first.
 * - Pages (navigations): network first; each good page is kept as the offline shell, and served,
 *   with the headers it came with (its CSP and its nonce belong together), when the network fails.
 * - /api/*, other origins and anything not GET: never touched, the browser fetches them itself.
 * - A new version waits until the page asks it to take over (the update prompt, SKIP_WAITING).
 * - A push (the daily reminder, decision 0055) shows a notification; a click on it focuses an
 *   open Wordhoard window or opens the reminder's page (same origin only).
 *
 * The app's TypeScript program has the DOM library, not the worker one, so the few worker types
 * used here are declared locally (in a module, so they do not clash with the DOM's).
 */
export {};

interface ExtendableEvent extends Event {
  waitUntil: (promise: Promise<unknown>) => void;
}

interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith: (response: Response | Promise<Response>) => void;
}

interface PushEvent extends ExtendableEvent {
  readonly data: { text: () => string } | null;
}

interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}

interface WindowClient {
  readonly url: string;
  focus: () => Promise<WindowClient>;
}

interface WorkerScope {
  readonly location: Location;
  readonly clients: {
    claim: () => Promise<void>;
    matchAll: (options: { type: 'window'; includeUncontrolled: boolean }) => Promise<WindowClient[]>;
    openWindow: (url: string) => Promise<WindowClient | null>;
  };
  readonly registration: {
    showNotification: (title: string, options: NotificationOptions) => Promise<void>;
  };
  skipWaiting: () => Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}

interface PrecacheEntry {
  url: string;
  revision: string | null;
}

declare const self: WorkerScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const PREFIX = 'wordhoard-';
/** The key under which the last good page is kept: the app is one page for every path. */
const SHELL_KEY = '/';

const entries = self.__WB_MANIFEST.map((entry) =>
  typeof entry === 'string' ? { url: entry, revision: null } : entry,
);
const toPath = (url: string) => new URL(url, self.location.href).pathname;
const precached = new Map(entries.map((entry) => [toPath(entry.url), entry]));

/** One cache per precache list: a new build installs beside the old one, which activation drops. */
function versionOf(list: PrecacheEntry[]): string {
  let hash = 5381;
  for (const char of JSON.stringify(list)) hash = ((hash * 33) ^ char.charCodeAt(0)) >>> 0;
  return hash.toString(36);
}
const ASSETS_CACHE = `${PREFIX}assets-${versionOf(entries)}`;
const PAGES_CACHE = `${PREFIX}pages-${versionOf(entries)}`;

/** The same URL with the same revision (or a hashed name) is the same bytes in any cache. */
async function precache(): Promise<void> {
  const cache = await caches.open(ASSETS_CACHE);
  await Promise.all(
    entries.map(async ({ url, revision }) => {
      if (await cache.match(url, { ignoreVary: true })) return;
      if (revision === null) {
        const earlier = await caches.match(url, { ignoreVary: true });
        if (earlier) return cache.put(url, earlier);
      }
      // Past the browser's HTTP cache: the non-hashed files may be cached there for an hour.
      const response = await fetch(new Request(url, { cache: 'no-cache', credentials: 'same-origin' }));
      if (!response.ok) throw new Error(`precache: ${url} answered ${response.status}`);
      return cache.put(url, response);
    }),
  );
}

function isPage(response: Response): boolean {
  return (
    response.status === 200 &&
    response.type === 'basic' &&
    (response.headers.get('content-type') ?? '').startsWith('text/html')
  );
}

/**
 * Keeps `response` as the offline shell if it is a page of this version: every asset it names is
 * in this version's precache (a page of a newer deployment would name files this worker lacks).
 */
async function keepAsShell(response: Response): Promise<boolean> {
  if (!isPage(response)) return false;
  const html = await response.text();
  const assets = html.match(/\/assets\/[\w.-]+/g) ?? [];
  if (assets.length === 0 || !assets.every((asset) => precached.has(asset))) return false;
  // Its own headers, the CSP with the page's nonce among them; the body is stored decoded.
  const headers = new Headers(response.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  const cache = await caches.open(PAGES_CACHE);
  await cache.put(SHELL_KEY, new Response(html, { status: 200, headers }));
  return true;
}

/**
 * The offline shell from the first install on, not only after the next visit: without it the
 * version does not install (and the browser tries again later), so an active worker always has one.
 */
async function keepShell(): Promise<void> {
  const response = await fetch(new Request(SHELL_KEY, { cache: 'no-cache', credentials: 'same-origin' }));
  if (!(await keepAsShell(response))) throw new Error(`shell: ${SHELL_KEY} is not a page of this version`);
}

self.addEventListener('install', (event) => {
  event.waitUntil(Promise.all([precache(), keepShell()]));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(PREFIX) && name !== ASSETS_CACHE && name !== PAGES_CACHE)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

async function page(event: FetchEvent): Promise<Response> {
  try {
    const response = await fetch(event.request);
    if (isPage(response)) event.waitUntil(keepAsShell(response.clone()));
    return response;
  } catch (error) {
    const shell = await (await caches.open(PAGES_CACHE)).match(SHELL_KEY);
    if (shell) return shell;
    throw error;
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request, {
    cacheName: ASSETS_CACHE,
    ignoreSearch: true,
    ignoreVary: true,
  });
  return cached ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(event));
  } else if (precached.has(url.pathname) && !request.headers.has('range')) {
    event.respondWith(cacheFirst(request));
  }
});

/** What a reminder push carries (the server's `PushPayload`); anything else shows a plain notice. */
interface Reminder {
  title: string;
  body: string;
  url: string;
}

/** A path of this origin for a click to open; anything pointing elsewhere becomes the menu. */
function sameOriginUrl(url: unknown): string {
  try {
    const target = new URL(typeof url === 'string' ? url : '/menu', self.location.origin);
    return target.origin === self.location.origin ? target.href : `${self.location.origin}/menu`;
  } catch {
    return `${self.location.origin}/menu`;
  }
}

function reminderOf(event: PushEvent): Reminder {
  try {
    const data = JSON.parse(event.data?.text() ?? '') as Partial<Record<keyof Reminder, unknown>>;
    if (typeof data.title === 'string' && typeof data.body === 'string')
      return { title: data.title, body: data.body, url: sameOriginUrl(data.url) };
  } catch {
    // Not ours or not JSON: still shown (a push the user cannot see is not allowed).
  }
  return { title: 'Wordhoard', body: '', url: sameOriginUrl('/menu') };
}

self.addEventListener('push', (event) => {
  const reminder = reminderOf(event);
  event.waitUntil(
    self.registration.showNotification(reminder.title, {
      body: reminder.body,
      icon: '/icons/icon-192.png',
      // A newer reminder replaces the one still on screen.
      tag: 'daily-reminder',
      data: { url: reminder.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = sameOriginUrl((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const ours = windows.filter((client) => new URL(client.url).origin === self.location.origin);
      // An open Wordhoard window comes to the front as it is (a test in progress is not left).
      const open = ours.find((client) => client.url === url) ?? ours[0];
      if (open) await open.focus();
      else await self.clients.openWindow(url);
    })(),
  );
});
