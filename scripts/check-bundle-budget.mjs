// Initial JavaScript budgets (docs/performance.md), checked on every `npm test` from the build output:
// what a browser must download before a route can render — the entry chunk with its static
// imports, the route's lazy screen with its static imports, and the English locale chunks it waits
// for: the start areas' for a public page, every area's for a screen behind sign-in
// (apps/web/src/shared/i18n/loadLocale.ts START_AREAS).
// A failure names the chunks that grew against the recorded baseline.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(process.env.WEB_DIST_DIR ?? 'apps/web/dist');
const baselineFile = path.resolve('apps/web/bundle-baseline.json');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const KB = 1024;
const ROUTES = [
  { name: '/', budget: 120 * KB, screens: ['src/features/landing/LandingPage.tsx'], locales: 'start' },
  {
    // Its form validation (zod and the schemas: 154.5 → 122.1 KB) loads once the form is used
    // (apps/web/src/shared/ui/forms/lazyResolver.ts).
    name: '/auth/login',
    budget: 125 * KB,
    screens: ['src/features/auth/screens/LoginPage.tsx'],
    locales: 'start',
  },
  {
    name: '/menu (signed in)',
    budget: 150 * KB,
    screens: ['src/features/menu/MenuPage.tsx'],
    locales: 'all',
  },
];
/** As START_AREAS in apps/web/src/shared/i18n/loadLocale.ts. */
const START_AREAS = ['common', 'auth'];

const chunkName = (file) => path.basename(file).replace(/-[\w-]{8}\.js$/, '');
const gzipped = new Map();
const sizeOf = (file) => {
  if (!gzipped.has(file))
    gzipped.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipped.get(file);
};

/** The JS files a manifest key needs before it runs: itself and its static imports. */
function closure(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const imported of entry.imports ?? []) closure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const localeKeys = (locales) =>
  Object.keys(manifest).filter(
    (key) =>
      /src\/shared\/i18n\/locales\/en\//.test(key) &&
      (locales === 'all' || START_AREAS.includes(path.basename(key, '.json'))),
  );
let failed = false;
const measured = {};

for (const route of ROUTES) {
  const files = closure(entryKey);
  for (const key of [...route.screens, ...localeKeys(route.locales)]) {
    if (!manifest[key]) throw new Error(`${key} is not in the build manifest; update ROUTES in this script`);
    closure(key, files);
  }
  const chunks = [...files].map((file) => ({ name: chunkName(file), bytes: sizeOf(file) }));
  const total = chunks.reduce((sum, chunk) => sum + chunk.bytes, 0);
  measured[route.name] = Object.fromEntries(chunks.map((chunk) => [chunk.name, chunk.bytes]));
  const ok = total <= route.budget;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${route.name}: ${(total / KB).toFixed(1)} KB gzip of ${(route.budget / KB).toFixed(0)} KB (${chunks.length} chunks)`,
  );
  if (!ok) {
    failed = true;
    let baseline = {};
    try {
      baseline = JSON.parse(readFileSync(baselineFile, 'utf8'))[route.name] ?? {};
    } catch {
      baseline = {};
    }
    const grown = chunks
      .map((chunk) => ({ ...chunk, growth: chunk.bytes - (baseline[chunk.name] ?? 0) }))
      .filter((chunk) => chunk.growth > 0)
      .sort((a, b) => b.growth - a.growth);
    if (grown.length === 0) console.log('     no chunk grew since the baseline; the largest:');
    const named = grown.length > 0 ? grown : [...chunks].sort((a, b) => b.bytes - a.bytes);
    for (const chunk of named.slice(0, 5)) {
      console.log(
        `     ${chunk.name}: ${(chunk.bytes / KB).toFixed(1)} KB` +
          (chunk.growth > 0 ? ` (+${(chunk.growth / KB).toFixed(1)} KB since the baseline)` : ''),
      );
    }
  }
}

if (process.argv.includes('--update-baseline')) {
  writeFileSync(baselineFile, `${JSON.stringify(measured, null, 2)}\n`);
  console.log(`baseline written to ${path.relative(process.cwd(), baselineFile)}`);
}
process.exit(failed ? 1 : 0);
