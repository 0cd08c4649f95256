import { randomBytes } from 'node:crypto';
import { open, readdir, rename, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

export interface DataDirLock {
  /** The owner's socket in the data directory. */
  file: string;
  release(): Promise<void>;
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/*
 * PGlite allows one process per data directory; a second one would corrupt it. The lock is a
 * Unix socket that the owner listens on in the data directory (docs/decisions/0020-data-dir-lock.md):
 * the kernel closes it when the process dies, however it dies, so a connection to a dead owner's
 * socket is refused while a live owner's is accepted, in any PID or network namespace that sees
 * the directory. A pid alone cannot tell: in a container every server is PID 1.
 *
 * Each owner has its own name (pid + random), so removing a dead owner's socket can never remove
 * a live one's. Acquiring: listen on a pending name, rename it to an owner name (so every owner
 * name is accepting from the moment it exists), then look at every other owner name: one that
 * accepts → refused; one that refuses → dead, removed. Of two servers starting together the
 * later to rename always sees the earlier, so two never both win (both may lose).
 */
const OWNER = /^wordhoard\.lock\.(\d+)\.[0-9a-f]{16}$/;
const PENDING = /^wordhoard\.lock-pending\.[0-9a-f]{16}$/;
/** What versions before the socket lock left: a file with the owner's pid. */
const LEGACY_FILE = 'wordhoard.lock';
/** sun_path holds 108 bytes on Linux and 104 on macOS, the final NUL included. */
const SOCKET_PATH_MAX = 103;
const ATTEMPTS = 3;

type Probe = 'live' | 'dead' | 'gone';

/** Whether a socket has a listener: the kernel answers at once, whatever the owner is doing. */
function probe(address: string): Promise<Probe> {
  return new Promise((resolve) => {
    const socket = net.connect(address);
    socket.once('connect', () => {
      socket.destroy();
      resolve('live');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      socket.destroy();
      // Anything but "refused" or "not there" (a full backlog, no permission) counts as alive:
      // taking over a live server's data is the one thing that must never happen.
      resolve(error.code === 'ECONNREFUSED' ? 'dead' : error.code === 'ENOENT' ? 'gone' : 'live');
    });
  });
}

/**
 * Socket addresses for names in `dir`. A long directory path does not fit in sun_path (Node
 * would silently cut it); on Linux the directory is then reached through an open descriptor.
 */
async function socketAddresses(dir: string) {
  const longest = path.join(dir, `wordhoard.lock-pending.${'0'.repeat(16)}`);
  if (Buffer.byteLength(longest) <= SOCKET_PATH_MAX) {
    return { at: (name: string) => path.join(dir, name), close: async () => {} };
  }
  if (process.platform !== 'linux') {
    throw new DataDirLockedError(
      `The data directory path ${dir} is too long for its lock socket; use a shorter DATA_DIR.`,
    );
  }
  const handle = await open(dir, 'r');
  return { at: (name: string) => `/proc/self/fd/${handle.fd}/${name}`, close: () => handle.close() };
}

function listen(address: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    // Nothing is ever read: a connection only asks "are you there?".
    const server = net.createServer((socket) => socket.destroy());
    server.once('error', reject);
    // Readable and writable by all, so a server of another user can see that this one lives.
    server.listen({ path: address, readableAll: true, writableAll: true }, () => {
      server.off('error', reject);
      // The lock never keeps the process alive by itself.
      server.unref();
      resolve(server);
    });
  });
}

const isDirectory = (dir: string) =>
  stat(dir).then(
    (info) => info.isDirectory(),
    () => false,
  );

const closeServer = (server: net.Server) => new Promise<void>((resolve) => server.close(() => resolve()));

async function attempt(dataDir: string, dir: string): Promise<DataDirLock | 'retry'> {
  const addresses = await socketAddresses(dir);
  try {
    const id = randomBytes(8).toString('hex');
    const pending = `wordhoard.lock-pending.${id}`;
    const own = `wordhoard.lock.${process.pid}.${id}`;
    const ownFile = path.join(dir, own);
    let server: net.Server;
    try {
      server = await listen(addresses.at(pending));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      // Another server probed our pending socket between its bind and its listen, was refused,
      // took it for a dead start's and removed it; Node's mode change then finds no file. Seen
      // once in five runs of six servers starting together. Start again, as after a lost rename.
      if (code === 'ENOENT' && (await isDirectory(dir))) return 'retry';
      throw new DataDirLockedError(
        `Could not create the lock socket in the data directory ${dataDir} (${code}). It must be a ` +
          'writable directory on a local file system; use another DATA_DIR or DATABASE_URL.',
      );
    }
    const giveUp = async () => {
      await rm(ownFile, { force: true });
      await closeServer(server);
    };
    try {
      await rename(path.join(dir, pending), ownFile);
    } catch (error) {
      await closeServer(server);
      // Another server took our pending socket for a dead one's: start again.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'retry';
      throw error;
    }
    try {
      for (const name of await readdir(dir)) {
        if (name === own) continue;
        const owner = OWNER.exec(name);
        if (!owner && !PENDING.test(name)) continue;
        const state = await probe(addresses.at(name));
        if (state === 'live' && owner) {
          throw new DataDirLockedError(
            `The data directory ${dataDir} is in use by another Wordhoard server (pid ${owner[1]}). ` +
              'Stop that server, or start this one with another DATA_DIR or with DATABASE_URL.',
          );
        }
        // A dead owner's socket (kill -9, a crash, a power cut); a pending socket that refuses
        // was left by a start that died, or belongs to one that will find out and start again.
        if (state === 'dead') await rm(path.join(dir, name), { force: true });
      }
      await rm(path.join(dir, LEGACY_FILE), { force: true });
    } catch (error) {
      await giveUp();
      throw error;
    }
    let released = false;
    return {
      file: ownFile,
      release: async () => {
        if (released) return;
        released = true;
        await giveUp();
      },
    };
  } finally {
    await addresses.close();
  }
}

export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  for (let i = 0; i < ATTEMPTS; i += 1) {
    const lock = await attempt(dataDir, dir);
    if (lock !== 'retry') return lock;
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}; try again.`);
}
