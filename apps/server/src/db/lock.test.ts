import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, acquireDataDirLock } from './lock';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-lock-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('data directory lock', () => {
  it('refuses a second owner while the first is alive, with a clear message', async () => {
    const lock = await acquireDataDirLock(dir);
    expect(await readFile(lock.file, 'utf8')).toBe(String(process.pid));
    await expect(acquireDataDirLock(dir)).rejects.toThrow(DataDirLockedError);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(/in use by another Wordhoard server/);
    await lock.release();
    const again = await acquireDataDirLock(dir);
    await again.release();
  });

  it('takes over a lock left by a process that no longer exists', async () => {
    // pid 2^22 + 1 is above Linux's pid_max default, so no process has it.
    await writeFile(path.join(dir, 'wordhoard.lock'), String(4_194_305));
    const lock = await acquireDataDirLock(dir);
    expect(await readFile(lock.file, 'utf8')).toBe(String(process.pid));
    await lock.release();
  });
});
