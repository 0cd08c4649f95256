import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'tsup';

/** One line instead of tsup's list of every chunk and map: what a person starting the app needs. */
function summarise(outDir: string) {
  const files = readdirSync(outDir).filter((name) => name.endsWith('.js'));
  const bytes = files.reduce((sum, name) => sum + statSync(path.join(outDir, name)).size, 0);
  console.log(`server build: ${files.length} files, ${(bytes / 1024).toFixed(1)} KB in ${outDir}/`);
}

// A function of the command line's options so that `tsup --out-dir DIR` (the admin CLI's test
// builds into a directory of its own) is summarised where it was written.
export default defineConfig((options) => ({
  // Work that must not run on the event loop runs in worker threads of their own files, beside
  // main.js: the fit of personal FSRS parameters (features/learning/fitter.ts starts it) and the
  // reading of Anki packages (features/dictionaries/anki/anki-reader.ts). admin.js is the operator's
  // CLI (`npm run admin`), compiled so it runs where dev dependencies (tsx) are not installed.
  entry: {
    main: 'src/main.ts',
    admin: 'src/admin.ts',
    'fit-worker': 'src/features/learning/fit.worker.ts',
    'anki-worker': 'src/features/dictionaries/anki/anki.worker.ts',
  },
  format: ['esm'],
  platform: 'node',
  // The Node LTS of package.json "engines" and the Dockerfile (docs/decisions/0057-node-lts.md).
  target: 'node26',
  outDir: options.outDir ?? 'dist',
  clean: true,
  sourcemap: true,
  // The shared contract ships as TypeScript source, so it is bundled in; npm packages stay external.
  noExternal: ['@wordhoard/shared'],
  silent: true,
  onSuccess: async () => summarise(options.outDir ?? 'dist'),
}));
