import pino, { type DestinationStream } from 'pino';
import type { Config } from './config/config';
import { logTransport } from './startup';

export interface LogOutput {
  /** Merged into the logger options: an asynchronous stdout stream, or the pretty transport. */
  options: { stream: DestinationStream } | { transport: NonNullable<ReturnType<typeof logTransport>> };
  /** Writes out what is still buffered, synchronously: before process.exit (decision 0083). */
  flush: () => void;
}

/**
 * Where the server's log goes. JSON lines are written to stdout asynchronously (sonic-boom with
 * sync: false): a log call copies the line into a buffer and returns, the write happens beside
 * the requests instead of blocking each one. minLength stays 0 so a quiet server's last line is
 * not held back waiting for more. Pretty lines go through pino-pretty's transport, a worker
 * thread of its own, which pino flushes when the process exits.
 */
export function logOutput(config: Config): LogOutput {
  const transport = logTransport(config);
  if (transport) return { options: { transport }, flush: () => undefined };
  const stream = pino.destination({ dest: 1, sync: false, minLength: 0 });
  return {
    options: { stream },
    flush: () => {
      try {
        stream.flushSync();
      } catch {
        // Nothing written yet (sonic-boom not ready) or stdout gone: nothing to save.
      }
    },
  };
}
