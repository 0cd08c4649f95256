import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client';
import { createUser } from '../../../test/fixtures';
import { createTestApp, testConfig, testDriver, type TestApp } from '../../../test/harness';

const TOKEN = 'metrics-token-for-the-tests-0123';

/** The value of one sample in a text exposition, e.g. sample(text, 'x_count{route="/a"}'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** Every value the label `name` has in the exposition. */
function labelValues(text: string, name: string): Set<string> {
  return new Set([...text.matchAll(new RegExp(`[{,]${name}="([^"]*)"`, 'g'))].map((match) => match[1] ?? ''));
}

describe(`metrics (${testDriver})`, () => {
  describe('without METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await t.close();
    });

    it('has no /api/metrics route at all', async () => {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const response = await t.app.inject({ method: 'GET', url: '/api/metrics', headers });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
      }
      expect(t.app.routeTable.some((route) => route.url === '/api/metrics')).toBe(false);
    });
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    const logLines: { url?: string }[] = [];
    const scrape = () =>
      t.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

    beforeAll(async () => {
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
          done();
        },
      });
      t = await createTestApp({ env: { METRICS_TOKEN: TOKEN }, logger: { level: 'info', stream } });
    });
    afterAll(async () => {
      await t.close();
    });

    it('answers 401 without the bearer token or with a wrong one', async () => {
      const wrong = [
        {},
        { authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
        { authorization: `Bearer ${TOKEN}x` },
        { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` },
        { authorization: TOKEN },
      ];
      for (const headers of wrong) {
        const response = await t.app.inject({ method: 'GET', url: '/api/metrics', headers });
        expect(response.statusCode, JSON.stringify(headers)).toBe(401);
        expect(response.headers['www-authenticate']).toBe('Bearer');
        expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
        expect(response.body).not.toContain('process_');
      }
    });

    it('counts requests by route pattern and status class, never by raw URL', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const unknownPath = `/api/no-such-route-${randomUUID()}`;
      expect((await t.app.inject({ method: 'GET', url: unknownPath })).statusCode).toBe(404);
      const user = await createUser(t.app);
      const client = apiClient(t.app).as(user.cookie);
      expect((await client.call('listDictionaries')).statusCode).toBe(200);
      expect((await client.call('listDictionaries')).statusCode).toBe(200);
      const missingId = randomUUID();
      expect((await client.call('getDictionary', { params: { id: missingId } })).statusCode).toBe(404);

      const response = await scrape();
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
      const text = response.body;
      const count = (route: string, statusClass: string) =>
        sample(
          text,
          `http_request_duration_seconds_count{method="GET",route="${route}",status_class="${statusClass}"}`,
        );
      expect(count('/api/dictionaries', '2xx')).toBe(2);
      expect(count('/api/dictionaries/:id', '4xx')).toBe(1);
      expect(count('/api/health', '2xx')).toBe(1);
      expect(count('unmatched', '4xx')).toBe(1);
      expect(
        sample(
          text,
          'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/dictionaries",status_class="2xx"}',
        ),
      ).toBe(2);
      expect(text).not.toContain(missingId);
      expect(text).not.toContain(unknownPath);
      for (const route of labelValues(text, 'route')) {
        expect(route === 'unmatched' || t.app.routeTable.some((known) => known.url === route), route).toBe(
          true,
        );
      }
    });

    it("exposes the process's memory, CPU and event-loop lag", async () => {
      const text = (await scrape()).body;
      expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(sample(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    });

    it('exposes the database connections', async () => {
      // Inside a transaction one connection is taken for as long as the scrape runs.
      const text = await t.database.db.transaction(async () => (await scrape()).body);
      if (testDriver === 'postgres') {
        expect(sample(text, 'wordhoard_db_embedded')).toBe(0);
        expect(sample(text, 'wordhoard_db_pool_max_connections')).toBe(10);
        const total = sample(text, 'wordhoard_db_pool_total_connections') ?? 0;
        const idle = sample(text, 'wordhoard_db_pool_idle_connections') ?? Number.NaN;
        expect(total - idle).toBeGreaterThanOrEqual(1);
        expect(sample(text, 'wordhoard_db_pool_waiting_clients')).toBe(0);
        expect(text).not.toContain('wordhoard_db_embedded_pending_queries');
      } else {
        expect(sample(text, 'wordhoard_db_embedded')).toBe(1);
        expect(sample(text, 'wordhoard_db_embedded_pending_queries')).toBe(1);
        expect(sample((await scrape()).body, 'wordhoard_db_embedded_pending_queries')).toBe(0);
        expect(text).not.toContain('wordhoard_db_pool_');
      }
    });

    it('keeps the route out of the API docs, and scrapes and health checks out of the info-level request log', async () => {
      const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
        paths: Record<string, unknown>;
      }>();
      expect(Object.keys(document.paths)).toContain('/api/health');
      expect(Object.keys(document.paths)).not.toContain('/api/metrics');

      // Scrapes and health checks are at debug (decision 0083); any other request is one line.
      logLines.length = 0;
      expect((await scrape()).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
      const loggedUrls = logLines.map((line) => line.url).filter(Boolean);
      expect(loggedUrls).toEqual(['/api/users/me']);
    });
  });

  describe('with background jobs', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { METRICS_TOKEN: TOKEN }, backgroundJobs: true });
    });
    afterAll(async () => {
      await t.close();
    });

    it('records when each job last ran, how long it took and how it ended', async () => {
      const jobs =
        testDriver === 'pglite'
          ? ['guest_sweep', 'embedded_maintenance', 'reminders']
          : ['guest_sweep', 'reminders'];
      const started = Date.now() / 1000;
      let text = '';
      // Both jobs run once as the app starts; wait for them to finish.
      await expect
        .poll(
          async () => {
            text = (
              await t.app.inject({
                method: 'GET',
                url: '/api/metrics',
                headers: { authorization: `Bearer ${TOKEN}` },
              })
            ).body;
            return jobs.map((job) =>
              sample(text, `wordhoard_job_runs_total{job="${job}",outcome="success"}`),
            );
          },
          { timeout: 120_000 },
        )
        .toEqual(jobs.map(() => 1));
      for (const job of jobs) {
        const finished = sample(text, `wordhoard_job_last_run_timestamp_seconds{job="${job}"}`) ?? 0;
        expect(finished).toBeGreaterThan(started - 60);
        expect(finished).toBeLessThanOrEqual(Date.now() / 1000);
        expect(sample(text, `wordhoard_job_last_success_timestamp_seconds{job="${job}"}`)).toBe(finished);
        expect(sample(text, `wordhoard_job_last_run_duration_seconds{job="${job}"}`)).toBeGreaterThanOrEqual(
          0,
        );
        expect(sample(text, `wordhoard_job_runs_total{job="${job}",outcome="failure"}`)).toBeUndefined();
      }
      // The nightly fit has not run yet, so it has no series.
      expect(text).not.toContain('job="nightly_fit"');
    });
  });

  it('refuses a METRICS_TOKEN shorter than 16 characters without echoing it', () => {
    const error = (() => {
      try {
        testConfig({ METRICS_TOKEN: 'tooShortSecret' });
      } catch (thrown) {
        return thrown as Error;
      }
      throw new Error('a short METRICS_TOKEN was accepted');
    })();
    expect(error.message).toContain('METRICS_TOKEN must be at least 16 characters');
    expect(error.message).not.toContain('tooShortSecret');
    expect(() => testConfig({ METRICS_TOKEN: 'has spaces in the middle' })).toThrow(/METRICS_TOKEN/);
    expect(testConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(testConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
  });
});
