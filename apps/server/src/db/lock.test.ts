import { spawn, type ChildProcess } from 'node:child_process';
import { lstat, mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, acquireDataDirLock } from './lock';

const holderScript = fileURLToPath(new URL('../../test/lock-holder.ts', import.meta.url));

let dir: string;
const children: ChildProcess[] = [];
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'wordhoard-lock-'));
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

const lockEntries = async (dataDir = dir) =>
  (await readdir(dataDir)).filter((name) => name.startsWith('wordhoard.lock')).sort();

interface Holder {
  child: ChildProcess;
  /** `locked <socket>` or `refused <message>`. */
  answer: Promise<string>;
  exited: Promise<NodeJS.Signals | null>;
}

/** Another process that takes the lock (test/lock-holder.ts) and holds it until killed. */
function holder(dataDir = dir): Holder {
  const child = spawn(process.execPath, ['--import', 'tsx', holderScript, dataDir], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_, signal) => resolve(signal)),
  );
  const answer = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const line = /^(locked|refused) .*$/m.exec(output);
      if (line) resolve(line[0]);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    // 'close', not 'exit': a holder that answered and exited at once may exit before its last
    // output is read; once its streams are closed, what it printed has been seen.
    child.once('close', () => reject(new Error(`lock holder exited without answering:\n${output}`)));
  });
  return { child, answer, exited };
}

async function killed(target: Holder) {
  target.child.kill('SIGKILL');
  expect(await target.exited).toBe('SIGKILL');
}

describe('data directory lock', () => {
  it('refuses a second owner while the first is alive, with a clear message', async () => {
    const lock = await acquireDataDirLock(dir);
    expect(path.dirname(lock.file)).toBe(dir);
    expect((await lstat(lock.file)).isSocket()).toBe(true);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(DataDirLockedError);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(
      `The data directory ${dir} is in use by another Wordhoard server (pid ${process.pid})`,
    );
    // A refused attempt leaves nothing behind.
    expect(await lockEntries()).toEqual([path.basename(lock.file)]);
    await lock.release();
    expect(await lockEntries()).toEqual([]);
    const again = await acquireDataDirLock(dir);
    await again.release();
  });

  it('refuses while another process holds it, and takes over once that process is killed', async () => {
    const other = holder();
    const answer = await other.answer;
    expect(answer).toMatch(/^locked /);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(
      `in use by another Wordhoard server (pid ${other.child.pid})`,
    );

    await killed(other);
    // kill -9 ran no clean-up: the dead owner's socket is still there, and nobody answers on it.
    const dead = path.basename(answer.slice('locked '.length));
    expect(await lockEntries()).toEqual([dead]);
    const lock = await acquireDataDirLock(dir);
    expect(await lockEntries()).toEqual([path.basename(lock.file)]);
    // ...and the new owner is seen by the next process.
    expect(await holder().answer).toMatch(/^refused .*in use by another Wordhoard server/);
    await lock.release();
  });

  it('takes over a dead owner whose pid now belongs to a live process (pid reuse)', async () => {
    // A server that ran as PID 1 in a container and was killed -9; the next one is PID 1 too.
    const other = holder();
    const socket = (await other.answer).slice('locked '.length);
    await killed(other);
    await rename(socket, path.join(dir, `wordhoard.lock.1.${'a'.repeat(16)}`));
    const second = holder();
    const socketOfSecond = (await second.answer).slice('locked '.length);
    await killed(second);
    await rename(socketOfSecond, path.join(dir, `wordhoard.lock.${process.pid}.${'b'.repeat(16)}`));
    // What versions before this lock left behind in the same case: a file with the pid.
    await writeFile(path.join(dir, 'wordhoard.lock'), '1');

    const lock = await acquireDataDirLock(dir);
    expect(await lockEntries()).toEqual([path.basename(lock.file)]);
    await lock.release();
  });

  it('works in a data directory whose path is too long for a socket address', async () => {
    const deep = path.join(dir, 'a-rather-long-directory-name-'.repeat(5), 'data');
    await mkdir(deep, { recursive: true });
    expect(Buffer.byteLength(deep)).toBeGreaterThan(108);
    const lock = await acquireDataDirLock(deep);
    expect(path.dirname(lock.file)).toBe(deep);
    expect((await lstat(lock.file)).isSocket()).toBe(true);
    await expect(acquireDataDirLock(deep)).rejects.toThrow(/in use by another Wordhoard server/);
    expect(await holder(deep).answer).toMatch(/^refused .*in use by another Wordhoard server/);
    // Nothing was created anywhere else (Node cuts a too-long socket path short silently).
    expect(await lockEntries(deep)).toEqual([path.basename(lock.file)]);
    await lock.release();
    expect(await lockEntries(deep)).toEqual([]);
  });

  it('lets at most one of many openers starting at once in, in one process or in many', async () => {
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => acquireDataDirLock(dir)));
    const winners = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    expect(winners.length).toBeLessThanOrEqual(1);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(DataDirLockedError);
    }
    for (const lock of winners) await lock.release();
    expect(await lockEntries()).toEqual([]);

    const openers = Array.from({ length: 6 }, () => holder());
    const answers = await Promise.all(openers.map((opener) => opener.answer));
    expect(answers.filter((answer) => answer.startsWith('locked ')).length).toBeLessThanOrEqual(1);
    for (const answer of answers)
      expect(answer).toMatch(/^(locked|refused .*in use by another Wordhoard server)/);
    for (const opener of openers) opener.child.kill('SIGKILL');
    await Promise.all(openers.map((opener) => opener.exited));
    // Whatever they left is dead, and the next opener gets in.
    const lock = await acquireDataDirLock(dir);
    expect(await lockEntries()).toEqual([path.basename(lock.file)]);
    await lock.release();
  });

  it('says clearly when the lock socket cannot be created', async () => {
    const file = path.join(dir, 'not-a-directory');
    await writeFile(file, '');
    await expect(acquireDataDirLock(path.join(file, 'data'))).rejects.toThrow(
      /Could not create the lock socket in the data directory .*not-a-directory\/data \(ENOTDIR\)/,
    );
  });

  it('says so, without retrying, when the data directory does not exist', async () => {
    // A missing file is also what a socket removed by another opener looks like (lock.ts);
    // binding in a missing directory reports EACCES or ENOENT, depending on the platform.
    await expect(acquireDataDirLock(path.join(dir, 'missing'))).rejects.toThrow(
      /Could not create the lock socket in the data directory .*missing \((ENOENT|EACCES)\)/,
    );
  });
});
