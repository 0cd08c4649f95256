import { buildApp, loggerOptions } from './app';
import { ConfigError, loadConfig, type Config } from './config/config';
import { openPglite, openPostgres, type Database } from './db/database';
import { DataDirLockedError } from './db/lock';
import { loadDotEnv, logTransport, portInUse, portInUseMessage, startupBanner } from './startup';

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
    throw error;
  }

  const logger = loggerOptions(config);
  const app = await buildApp({
    config,
    database,
    logger: typeof logger === 'object' ? { ...logger, transport: logTransport(config) } : logger,
    backgroundJobs: true,
  });
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
    const force = setTimeout(() => process.exit(1), 25_000);
    force.unref();
    // Keep-alive connections of requests that finish during shutdown would otherwise hold the
    // close open for the keep-alive timeout; close each one as soon as it falls idle.
    const idleCloser = setInterval(() => app.server.closeIdleConnections(), 100);
    idleCloser.unref();
    try {
      await app.close();
    } finally {
      await database.close();
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
    process.exit(1);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  process.stdout.write(`${startupBanner(config, port, Boolean(process.env.APP_ORIGIN))}\n`);
}

void main();
