// Writes .br and .gz siblings for text assets so the server can send them without
// compressing on every request. Usage: node scripts/precompress.mjs <dir>
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);
// Below this size the compressed file saves less than the extra lookup costs.
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

async function compress(path) {
  const source = await readFile(path);
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
  return { size: source.length, br: br.length, gz: gzipped.length };
}

async function main() {
  const root = process.argv[2];
  if (!root) throw new Error('Usage: node scripts/precompress.mjs <dir>');
  if (!(await stat(root)).isDirectory()) throw new Error(`${root} is not a directory`);

  const jobs = [];
  for await (const path of walk(root)) {
    if (!COMPRESSIBLE.has(extname(path))) continue;
    if ((await stat(path)).size <= MIN_BYTES) continue;
    jobs.push(compress(path).then((result) => ({ path, ...result })));
  }
  const results = await Promise.all(jobs);
  const total = results.reduce((sum, r) => ({ size: sum.size + r.size, br: sum.br + r.br }), {
    size: 0,
    br: 0,
  });
  console.log(
    `precompress: ${results.length} files in ${relative(process.cwd(), root) || '.'}, ` +
      `${(total.size / 1024).toFixed(1)} KiB → ${(total.br / 1024).toFixed(1)} KiB brotli`,
  );
}

main().catch((error) => {
  console.error(`precompress: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
