import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { main: 'src/main.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // The shared contract ships as TypeScript source, so it is bundled in; npm packages stay external.
  noExternal: ['@wordhoard/shared'],
});
