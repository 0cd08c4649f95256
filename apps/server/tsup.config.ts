import { defineConfig } from 'tsup';

export default defineConfig({
  // The fit of personal FSRS parameters runs in a worker thread of its own file, beside main.js
  // (features/learning/fitter.ts starts it).
  entry: { main: 'src/main.ts', 'fit-worker': 'src/features/learning/fit.worker.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // The shared contract ships as TypeScript source, so it is bundled in; npm packages stay external.
  noExternal: ['@wordhoard/shared'],
});
