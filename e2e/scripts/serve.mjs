// Starts the built server on a fresh PGlite data directory that is removed on exit.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const main = path.resolve(here, '../../apps/server/dist/main.js');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wordhoard-e2e-'));
const server = spawn(process.execPath, [main], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir },
});

const stop = (signal) => server.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
