import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/** A port that was free a moment ago (the OS picked it); nothing listens there now. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * A real Redis (Debian's redis-server) of the test's own on 127.0.0.1, in memory only, that the
 * test can kill and start again on the same port: an outage and a recovery of the store every
 * instance shares (decision 0073).
 */
export class RedisServer {
  private child: ChildProcess | undefined;
  private exited: Promise<void> | undefined;
  port = 0;

  constructor(private readonly binary = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server') {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts it (on the port it had before, after a `kill`) and waits until it takes commands. */
  async start(): Promise<string> {
    if (this.port === 0) this.port = await freePort();
    const child = spawn(
      this.binary,
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    const output: string[] = [];
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output.push(chunk.toString('utf8'));
        if (output.join('').includes('Ready to accept connections')) resolve();
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('error', reject);
      void this.exited!.then(() => reject(new Error(`redis-server exited:\n${output.join('')}`)));
    });
    return this.url;
  }

  /** Kills it outright (SIGKILL, as a crash), and waits until it is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    child.kill('SIGKILL');
    await this.exited;
  }
}
