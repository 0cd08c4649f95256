import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'tsup';

/** One line instead of tsup's list of every chunk and map: what a person starting the app needs. */
function summarise(outDir: string) {
  const files = readdirSync(outDir).filter((name) => name.endsWith('.js'));
  const bytes = files.reduce((sum, name) => sum + statSync(path.join(outDir, name)).size, 0);
  console.log(`server build: ${files.length} files, ${(bytes / 1024).toFixed(1)} KB in ${outDir}/`);
}

export default defineConfig({
  // The fit of personal FSRS parameters runs in a worker thread of its own file, beside main.js
  // (features/learning/fitter.ts starts it).
  entry: { main: 'src/main.ts', 'fit-worker': 'src/features/learning/fit.worker.ts' },
  format: ['esm'],
  platform: 'node',
  // The Node LTS of package.json "engines" and the Dockerfile (docs/decisions/0057-node-lts.md).
  target: 'node26',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // The shared contract ships as TypeScript source, so it is bundled in; npm packages stay external.
  noExternal: ['@wordhoard/shared'],
  silent: true,
  onSuccess: async () => summarise('dist'),
});
