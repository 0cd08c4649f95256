import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * The real server as its own process (src/main.ts through tsx), listening on a free port.
 * `launcher` runs it through another command, e.g. `['unshare', '-pf', '--mount-proc']`; the
 * server is then that command's child, not `child` itself.
 */
export async function startServerProcess(
  env: NodeJS.ProcessEnv,
  { launcher = [] }: { launcher?: string[] } = {},
): Promise<ServerProcess> {
  const command = [...launcher, process.execPath, '--import', 'tsx', path.join(serverDir, 'src/main.ts')];
  const child = spawn(command[0]!, command.slice(1), {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  const url = await new Promise<string>((resolve, reject) => {
    // A limit for a hang, with the server's output: a start normally takes seconds, but under
    // `npm run test:stress` a start on the embedded database took over 60 s of wall time.
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join('')}`)), 240_000);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output.push(text);
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited before listening:\n${output.join('')}`));
    });
  });
  return { url, child, output, exited };
}
