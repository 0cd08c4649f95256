import net from 'node:net';

/**
 * An outside service that has stopped answering: a TCP server on 127.0.0.1 that accepts every
 * connection, reads whatever is sent, and never writes a byte back (a hung process, a stuck
 * proxy, a half-dead network path). It counts who came, so a test can see that the call was
 * made here, and how many times.
 */
export class BlackHole {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  /** Connections accepted (an SMTP client sends nothing before the greeting it waits for). */
  connections = 0;
  /**
   * Connections on which the client sent something: for HTTP, the requests (fetch may open a
   * spare connection that it never uses).
   */
  requests = 0;
  port = 0;

  async start(): Promise<number> {
    this.server = net.createServer((socket) => {
      this.connections += 1;
      this.sockets.add(socket);
      socket.once('data', () => (this.requests += 1));
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => socket.destroy());
      socket.resume();
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this.port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/**
 * Runs `call`, and says how long it took; a call still open after `hangGuardMs` fails the test
 * with `label`. The guard only tells a hang from an answer: it is far above any timeout under
 * test, so a busy machine cannot trip it; the timeouts themselves are the server's, configured.
 */
export async function timed<T>(
  label: string,
  call: () => Promise<T>,
  hangGuardMs = 20_000,
): Promise<{ result: T; elapsedMs: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${label}: no answer within ${hangGuardMs} ms`)), hangGuardMs);
  });
  try {
    const result = await Promise.race([call(), guard]);
    return { result, elapsedMs: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}
