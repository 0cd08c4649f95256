import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { createLogger, defineConfig, type AliasOptions, type Logger, type Manifest, type Plugin } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';

/** Modules that change rarely, kept in one long-cached chunk apart from the app's code. */
const VENDOR_MODULES = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|preact)[\\/]/;

/**
 * The production build renders with Preact (preact/compat), ~55 KB gzip less start-up JavaScript
 * than react-dom/client, without which the initial-JS budgets cannot be met (docs/performance.md,
 * docs/decisions/0013-preact-in-production.md). The code is written against React's API and types;
 * `npm run dev` and the unit tests run React itself, the browser tests run this build.
 * `WEB_RENDERER=react npm run build` builds with React instead, to compare.
 */
const PREACT_ALIASES: AliasOptions = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
];

/**
 * The screens a visit usually starts on whose chunks are big enough to be worth it (the forms
 * bring zod and the schemas, ~60 KB). The server lists each one's chunks (and their CSS) as
 * preloads in the page it sends for that path (apps/server/src/http/spa.ts), so they download
 * beside the entry instead of after it has run (Lighthouse /auth/login LCP 3.0 s -> 2.6 s).
 * Not the landing page: its chunk is small and is fetched beside the session check anyway, so
 * preloading it only adds bytes in front of the first paint. Paths as in shared/routing/paths.ts.
 */
const FIRST_SCREENS: Record<string, string> = {
  '/auth': 'src/features/auth/screens/AuthMenuPage.tsx',
  '/auth/login': 'src/features/auth/screens/LoginPage.tsx',
  '/auth/signup': 'src/features/auth/screens/SignupPage.tsx',
};

/** What the server preloads for a path: hashed asset URLs. */
export interface FirstScreenPreloads {
  js: string[];
  css: string[];
}

/** The file the server reads, beside Vite's manifest. */
export const FIRST_SCREENS_FILE = '.vite/first-screens.json';

/**
 * Writes FIRST_SCREENS_FILE from Vite's manifest: per path, the screen's chunks that the entry
 * does not already load (static imports, followed through) and their CSS. A screen missing from
 * the build fails it, so the list cannot silently go stale.
 */
function firstScreenPreloads(): Plugin {
  return {
    name: 'wordhoard:first-screen-preloads',
    apply: 'build',
    writeBundle(options, bundle) {
      const asset = bundle['.vite/manifest.json'];
      if (asset?.type !== 'asset') throw new Error('first-screen preloads need build.manifest');
      const manifest = JSON.parse(String(asset.source)) as Manifest;
      const closure = (key: string, seen: Set<string>) => {
        if (seen.has(key)) return;
        seen.add(key);
        for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
      };
      const entry = new Set<string>();
      closure('index.html', entry);
      const preloads: Record<string, FirstScreenPreloads> = {};
      for (const [pathname, source] of Object.entries(FIRST_SCREENS)) {
        if (!manifest[source]) throw new Error(`first screen ${pathname}: ${source} is not in the build`);
        const chunks = new Set<string>();
        closure(source, chunks);
        const own = [...chunks].filter((key) => !entry.has(key));
        preloads[pathname] = {
          js: own.map((key) => `/${manifest[key]?.file}`),
          css: [...new Set(own.flatMap((key) => manifest[key]?.css ?? []))].map((file) => `/${file}`),
        };
      }
      writeFileSync(
        path.join(options.dir ?? 'dist', FIRST_SCREENS_FILE),
        `${JSON.stringify(preloads, null, 2)}\n`,
      );
    },
  };
}

/**
 * Puts the entry's stylesheet before its scripts in the built page. Vite writes it last, so the
 * browser asked for the ~100 KB of preloaded modules first and the 4 KB of CSS the first paint
 * waits for (the header shell of index.html) came in behind them; by then the modules had run
 * and the paint waited for them too. CSS first, the shell paints while the modules still load
 * (Lighthouse mobile `/`: first contentful paint 2.2 s → see docs/performance.md).
 */
function stylesheetFirst(): Plugin {
  return {
    name: 'wordhoard:stylesheet-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const stylesheets = html.match(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g) ?? [];
        const firstScript = html.search(/[ \t]*<script type="module"/);
        if (stylesheets.length === 0 || firstScript < 0) return html;
        let rest = html;
        for (const tag of stylesheets) rest = rest.replace(tag, '');
        const at = rest.search(/[ \t]*<script type="module"/);
        return `${rest.slice(0, at)}${stylesheets.join('')}${rest.slice(at)}`;
      },
    },
  };
}

/** A line of Vite's list of output files: `dist/assets/x.js   12.34 kB │ gzip: 4.56 kB`. */
const OUTPUT_FILE_LINE = /\s[\d.,]+ kB(\s+│.*)?$/;

/**
 * Vite's logger without its list of every output file (some 250 lines a build); buildSummary()
 * prints one line in its place. Everything else (warnings, errors, timings) passes through.
 */
function logger(): Logger {
  const base = createLogger();
  return {
    ...base,
    info(message, options) {
      const lines = message.split('\n');
      const kept = lines.filter((line) => !OUTPUT_FILE_LINE.test(stripVTControlCharacters(line)));
      if (kept.length < lines.length && kept.every((line) => line.trim() === '')) return;
      base.info(kept.join('\n'), options);
    },
  };
}

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** One line per build: how many chunks, their gzip size in all and the largest. */
function buildSummary(): Plugin {
  return {
    name: 'wordhoard:build-summary',
    apply: 'build',
    writeBundle(_options, bundle) {
      const files = Object.values(bundle)
        .filter((file) => /\.(js|css)$/.test(file.fileName))
        .map((file) => ({
          name: file.fileName,
          gzip: gzipSync(file.type === 'chunk' ? file.code : file.source).length,
        }))
        .sort((a, b) => b.gzip - a.gzip);
      const largest = files[0];
      if (!largest) return;
      const total = files.reduce((sum, file) => sum + file.gzip, 0);
      this.environment.logger.info(
        `${files.length} chunks (JS and CSS), ${kilobytes(total)} gzip total, largest: ${largest.name} (${kilobytes(largest.gzip)} gzip)`,
      );
    },
  };
}

/**
 * The web app manifest (installing Wordhoard, "Study every day, anywhere"). Colours from
 * shared/ui/styles/tokens.css (--color-bg, as index.html's theme-color); the PNG icons come
 * from public/favicon.svg (scripts/make-icons.mjs).
 */
const WEB_APP_MANIFEST: Partial<ManifestOptions> = {
  id: '/',
  name: 'Wordhoard',
  short_name: 'Wordhoard',
  description:
    'Build personal dictionaries in any language and test yourself on the words you collect. The app speaks seven languages.',
  lang: 'en',
  start_url: '/menu',
  scope: '/',
  display: 'standalone',
  theme_color: '#f6f6fb',
  background_color: '#f6f6fb',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/**
 * The manifest (linked from the built index.html) and the service worker /sw.js, built from
 * src/serviceWorker/sw.ts with the build's files written into its precache list
 * (docs/decisions/0051-service-worker.md). The page registers it itself, after load
 * (app/pwa/registerServiceWorker.ts), so nothing is injected into index.html but the link.
 */
function serviceWorker() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/serviceWorker',
    filename: 'sw.ts',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    manifest: WEB_APP_MANIFEST,
    includeManifestIcons: true,
    includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
    injectManifest: {
      // The app's code, styles and pictures; not the HTML (a page comes from the network and is
      // kept as it came, nonce and all) and not the tutorial videos under public/tutorial.
      globPatterns: ['assets/**/*.{js,css,woff2,svg,png,webp,jpg}', 'images/**/*.svg'],
      // Hashed names need no revision: a new file is a new name.
      dontCacheBustURLsMatching: /^assets\//,
      minify: true,
      sourcemap: false,
      // The page registers /sw.js as a classic script (no `type: 'module'`), so it is built as
      // one: an IIFE. The default ('es') builds through a Rollup option Rolldown deprecates
      // (`inlineDynamicImports`, printed as a warning on every build); Vite's IIFE library build
      // needs no such option.
      rollupFormat: 'iife',
    },
  });
}

export default defineConfig(({ command }) => ({
  plugins: [react(), stylesheetFirst(), firstScreenPreloads(), buildSummary(), serviceWorker()],
  customLogger: logger(),
  resolve: {
    alias: command === 'build' && process.env.WEB_RENDERER !== 'react' ? PREACT_ALIASES : [],
  },
  html: {
    // The server swaps this placeholder for a fresh nonce on every response (CSP).
    cspNonce: '__CSP_NONCE__',
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // API_PORT: where the API listens when not on :3000 (scripts/dev-stripe.mjs sets it).
      '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 3000}`, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Read by scripts/check-bundle-budget.mjs to measure the initial JavaScript of each route.
    manifest: true,
    // buildSummary() measures the gzip sizes it reports itself.
    reportCompressedSize: false,
    rolldownOptions: {
      onLog(level, log, handler) {
        // react-router reads React 19's useOptimistic, which preact/compat lacks, and falls back
        // on its own when it is undefined (useOptimisticSafe): the warning is expected in the
        // Preact build and nothing else of this kind is hidden.
        if (log.code === 'IMPORT_IS_UNDEFINED' && /`useOptimistic`.*preact[\\/]compat/.test(log.message))
          return;
        handler(level, log);
      },
      output: {
        // Vite 8 bundles with Rolldown, whose `codeSplitting.groups` replaces Rollup's
        // deprecated `manualChunks`; same effect: one `vendor` chunk for the React runtime.
        codeSplitting: {
          groups: [{ name: 'vendor', test: VENDOR_MODULES }],
        },
      },
    },
  },
}));
