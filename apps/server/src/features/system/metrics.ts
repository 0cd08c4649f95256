import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { API_PREFIX } from '@wordhoard/shared';
import type { Database, DatabaseStats } from '../../db/database';
import { AppError } from '../../domain/errors';
import type { JobObserver } from '../../domain/jobs';

/** Where Prometheus scrapes; the route exists only when METRICS_TOKEN is set. */
export const METRICS_PATH = `${API_PREFIX}/metrics`;

/** The route label of a request that matched no route (a 404): raw URLs would be unbounded. */
export const UNMATCHED_ROUTE = 'unmatched';

export interface AppMetrics {
  registry: Registry;
  /** Every answer, recorded by `registerMetrics`. */
  requests: Histogram<'method' | 'route' | 'status_class'>;
  /** Records every run of the background jobs (app.ts hands it to them). */
  observeJob: JobObserver;
}

/**
 * One registry per application instance (tests build several in one process): the process's
 * memory, CPU and event-loop lag, the HTTP requests by route pattern, the database connections
 * and the background jobs.
 */
export function createMetrics(database: Database): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [registry],
  });

  new Gauge({
    name: 'wordhoard_db_embedded',
    help: '1 when the database is the embedded PGlite, 0 on PostgreSQL',
    registers: [registry],
    collect() {
      this.set(database.driver === 'pglite' ? 1 : 0);
    },
  });
  if (database.driver === 'postgres') {
    const poolGauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          const stats = database.stats();
          if (stats.driver === 'postgres') this.set(read(stats));
        },
      });
    poolGauge('wordhoard_db_pool_max_connections', 'Connections the pool may open at most', (s) => s.max);
    poolGauge('wordhoard_db_pool_total_connections', 'Connections the pool holds open', (s) => s.total);
    poolGauge('wordhoard_db_pool_idle_connections', 'Open connections not in use', (s) => s.idle);
    poolGauge(
      'wordhoard_db_pool_waiting_clients',
      'Queries waiting for a connection because all are in use',
      (s) => s.waiting,
    );
  } else {
    new Gauge({
      name: 'wordhoard_db_embedded_pending_queries',
      help: "Statements and transactions running or queued on the embedded database's one connection",
      registers: [registry],
      collect() {
        const stats = database.stats();
        if (stats.driver === 'pglite') this.set(stats.pending);
      },
    });
  }

  const jobLabels = ['job'] as const;
  const lastRun = new Gauge({
    name: 'wordhoard_job_last_run_timestamp_seconds',
    help: 'When the background job last finished (Unix time)',
    labelNames: jobLabels,
    registers: [registry],
  });
  const lastSuccess = new Gauge({
    name: 'wordhoard_job_last_success_timestamp_seconds',
    help: 'When the background job last finished without an error (Unix time)',
    labelNames: jobLabels,
    registers: [registry],
  });
  const lastDuration = new Gauge({
    name: 'wordhoard_job_last_run_duration_seconds',
    help: 'How long the last run of the background job took',
    labelNames: jobLabels,
    registers: [registry],
  });
  const runs = new Counter({
    name: 'wordhoard_job_runs_total',
    help: 'Runs of the background job, by outcome (success or failure)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });

  return {
    registry,
    requests,
    observeJob(run) {
      const finished = run.finishedAt.getTime() / 1000;
      lastRun.set({ job: run.job }, finished);
      if (run.ok) lastSuccess.set({ job: run.job }, finished);
      lastDuration.set({ job: run.job }, run.durationSeconds);
      runs.inc({ job: run.job, outcome: run.ok ? 'success' : 'failure' });
    },
  };
}

type PoolStats = Extract<DatabaseStats, { driver: 'postgres' }>;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The bearer token of an Authorization header, if it has one. */
function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/**
 * Records every answer in the request histogram and serves the registry at METRICS_PATH to
 * callers with the bearer token (compared in constant time). The route stays out of the API
 * docs, out of the per-client limits (it names no contract endpoint) and out of the info-level
 * request log, since a scraper calls it every few seconds.
 */
export function registerMetrics(
  app: FastifyInstance,
  deps: { database: Database; token: string },
): AppMetrics {
  const metrics = createMetrics(deps.database);
  app.addHook('onResponse', async (request, reply) => {
    metrics.requests.observe(
      {
        method: request.method,
        // The pattern (/api/dictionaries/:id), never the URL: one series per route, not per id.
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });

  const expected = digest(deps.token);
  app.route({
    method: 'GET',
    url: METRICS_PATH,
    schema: { hide: true },
    logLevel: 'warn',
    handler: async (request, reply) => {
      const given = bearerToken(request);
      if (given === undefined || !timingSafeEqual(digest(given), expected)) {
        throw new AppError('UNAUTHORIZED', {}, { headers: { 'www-authenticate': 'Bearer' } });
      }
      const body = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(body);
    },
  });
  return metrics;
}
