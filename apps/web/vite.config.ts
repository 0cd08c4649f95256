import react from '@vitejs/plugin-react';
import { defineConfig, type AliasOptions } from 'vite';

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

export default defineConfig(({ command }) => ({
  plugins: [react()],
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
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Read by scripts/check-bundle-budget.mjs to measure the initial JavaScript of each route.
    manifest: true,
    rolldownOptions: {
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
