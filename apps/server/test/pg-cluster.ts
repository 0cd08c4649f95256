import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { startServerProcess, type ServerProcess } from './server-process';
import { SmtpSink } from './smtp-sink';

/** Several server processes on one throwaway PostgreSQL database, mailing to one SMTP sink. */
export interface PgCluster {
  /** The database's URL (its own database on TEST_DATABASE_URL's server). */
  url: string;
  sink: SmtpSink;
  servers: ServerProcess[];
  /** Stops the servers and the sink, and drops the database. */
  close(): Promise<void>;
}

const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: base.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Creates a database named after `label`, lets `seed` fill it (migrate it first there if it
 * writes), and starts `instances` servers on it together: the migration advisory lock lets
 * exactly one migrate.
 */
export async function startPgCluster(options: {
  label: string;
  instances: number;
  env?: Record<string, string>;
  seed?: (url: string) => Promise<void>;
}): Promise<PgCluster> {
  const name = `wordhoard_${options.label}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await admin(`create database ${name}`);
  const sink = new SmtpSink();
  const smtpUrl = await sink.start();
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  await options.seed?.(url.toString());
  const servers = await Promise.all(
    Array.from({ length: options.instances }, () =>
      startServerProcess({ DATABASE_URL: url.toString(), SMTP_URL: smtpUrl, ...options.env }),
    ),
  );
  return {
    url: url.toString(),
    sink,
    servers,
    async close() {
      for (const server of servers) server.child.kill('SIGTERM');
      await Promise.all(servers.map((server) => server.exited));
      await sink.stop();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
