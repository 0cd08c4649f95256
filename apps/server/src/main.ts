import { buildApp, loggerOptions } from './app';
import { ConfigError, loadConfig, type Config } from './config/config';
import { openPglite, openPostgres, type Database } from './db/database';
import { DataDirLockedError } from './db/lock';
import { redactedError } from './config/redact';
import { logOutput } from './log-output';
import { loadDotEnv, portInUse, portInUseMessage, startupBanner } from './startup';

/** The logger once there is one, and how to write out what it still holds (decision 0083). */
let log: { fatal: (object: object, message: string) => void; flush: () => void } | undefined;

/**
 * The end of a process that hit an error nobody handled: one fatal line (never a password of a
 * URL in it), the log written out, exit 1.
 */
function fatal(error: unknown): never {
  const err = redactedError(error);
  if (log) {
    log.fatal({ err }, 'fatal error: the server stops');
    log.flush();
  } else {
    console.error(err.stack ?? `${err.type}: ${err.message}`);
  }
  process.exit(1);
}

async function openDatabase(config: Config): Promise<Database> {
  return config.database.driver === 'postgres'
    ? openPostgres(config.database.url)
    : openPglite({ dataDir: config.database.dataDir });
}

async function main(): Promise<void> {
  if (typeof process.loadEnvFile === 'function') loadDotEnv();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  if (await portInUse(config.port, config.host)) {
    console.error(portInUseMessage(config.port));
    process.exit(1);
  }

  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    if (config.database.driver !== 'postgres') throw error;
    // One line, and pg's and URL's errors may quote the connection string, password included.
    console.error(`Could not connect to PostgreSQL (DATABASE_URL): ${redactedError(error).message}`);
    process.exit(1);
  }

  const logger = loggerOptions(config);
  const output = logOutput(config);
  const app = await buildApp({
    config,
    database,
    logger: typeof logger === 'object' ? { ...logger, ...output.options } : logger,
    backgroundJobs: true,
  });
  log = { fatal: (object, message) => app.log.fatal(object, message), flush: output.flush };
  if (config.database.driver === 'pglite') {
    app.log.info(
      { dataDir: config.database.dataDir },
      'using the embedded database (PGlite); set DATABASE_URL to use PostgreSQL in production',
    );
  }
  if (!config.mail.smtpUrl) app.log.warn('SMTP_URL is not set: verification codes are written to this log');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // A hung request must not keep the process (and the PGlite lock) forever.
    const force = setTimeout(() => {
      output.flush();
      process.exit(1);
    }, 25_000);
    force.unref();
    // Keep-alive connections of requests that finish during shutdown would otherwise hold the
    // close open for the keep-alive timeout; close each one as soon as it falls idle.
    const idleCloser = setInterval(() => app.server.closeIdleConnections(), 100);
    idleCloser.unref();
    try {
      await app.close();
    } finally {
      await database.close();
      output.flush();
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') console.error(portInUseMessage(config.port));
    else app.log.error(error, 'could not listen');
    await database.close();
    output.flush();
    process.exit(1);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  process.stdout.write(`${startupBanner(config, port, Boolean(process.env.APP_ORIGIN))}\n`);
}

process.on('uncaughtException', fatal);
main().catch(fatal);
