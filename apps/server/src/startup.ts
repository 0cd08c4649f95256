import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { APP_VERSION } from '@wordhoard/shared';
import type { Config } from './config/config';

/**
 * Reads `.env` from the working directory when there is one. Variables already set in the
 * environment win (process.loadEnvFile never overwrites them). Returns the file read.
 */
export function loadDotEnv(directory = process.cwd()): string | undefined {
  const file = path.resolve(directory, '.env');
  if (!existsSync(file)) return undefined;
  process.loadEnvFile(file);
  return file;
}

/**
 * Whether another process already listens on the port. Checked before the database is opened,
 * so a second `npm start` says so at once instead of creating or locking a data directory.
 */
export function portInUse(port: number, host: string): Promise<boolean> {
  if (port === 0) return Promise.resolve(false);
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'EADDRINUSE'));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(false)));
  });
}

export const portInUseMessage = (port: number) =>
  `Port ${port} is in use. Set PORT to another port, e.g. PORT=${port === 65535 ? port - 1 : port + 1} npm start`;

function prettyTarget(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve('pino-pretty');
  } catch {
    return undefined; // a runtime dependency (decision 0083); only a broken install lacks it
  }
}

/**
 * How the log is written: LOG_FORMAT when set; otherwise readable lines when stdout is a
 * terminal and NODE_ENV is not production (explicitly), JSON lines for everything else.
 */
export function logTransport(
  config: Config,
  { isTty = process.stdout.isTTY, nodeEnv = process.env.NODE_ENV } = {},
): { target: string; options: Record<string, unknown> } | undefined {
  const pretty = config.logFormat ? config.logFormat === 'pretty' : isTty && nodeEnv !== 'production';
  const target = pretty ? prettyTarget() : undefined;
  if (!target) return undefined;
  return {
    target,
    options: {
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId',
      colorize: isTty,
      singleLine: false,
    },
  };
}

function describeDatabase(config: Config): string {
  if (config.database.driver === 'pglite') {
    return `PGlite (embedded) in ${path.resolve(config.database.dataDir)}`;
  }
  const url = new URL(config.database.url);
  return `PostgreSQL at ${url.hostname}:${url.port || '5432'}${url.pathname === '/' ? '' : url.pathname}`;
}

function describeMail(config: Config): string {
  if (!config.mail.smtpUrl) return 'not configured — verification codes are printed in this log';
  return `SMTP at ${new URL(config.mail.smtpUrl).host}`;
}

/**
 * The few lines printed once the server listens: which version, where to open it, which database
 * and where mail goes. No credentials: URLs are reduced to host, port and database name.
 */
export function startupBanner(config: Config, port: number, appOriginSet: boolean): string {
  const address = appOriginSet ? config.appOrigin : `http://localhost:${port}`;
  return [
    '',
    `  Wordhoard ${APP_VERSION} is running: open ${address}`,
    `  database: ${describeDatabase(config)}`,
    `  mail: ${describeMail(config)}`,
    '',
  ].join('\n');
}
