import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Modules that change rarely, kept in one long-cached chunk apart from the app's code. */
const VENDOR_MODULES = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;

export default defineConfig({
  plugins: [react()],
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
});
