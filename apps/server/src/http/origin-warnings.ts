import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config/config';

/** Routes that probes and scrapers call by whatever address reaches the container. */
const PROBES = new Set(['/api/health', '/api/metrics']);

/**
 * At most one warning per key per window, with a bounded memory: once `maxKeys` keys have been
 * warned about within the window, further new keys are not warned about until one expires (a
 * client sending a new Origin with every request cannot flood the log nor grow the map).
 */
export class WarningLimiter {
  private readonly lastWarned = new Map<string, number>();

  constructor(
    private readonly windowMs = 10 * 60_000,
    private readonly maxKeys = 100,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether to warn about `key` now; a yes counts as the warning of this window. */
  take(key: string): boolean {
    const now = this.now();
    const last = this.lastWarned.get(key);
    if (last !== undefined && now - last < this.windowMs) return false;
    this.lastWarned.delete(key);
    // Entries are in the order they were warned about: the expired ones come first.
    for (const [oldKey, at] of this.lastWarned) {
      if (now - at < this.windowMs) break;
      this.lastWarned.delete(oldKey);
    }
    if (this.lastWarned.size >= this.maxKeys) return false;
    this.lastWarned.set(key, now);
    return true;
  }
}

/** `host` as a URL would write it: lower case, the scheme's default port left out. */
function normalHost(protocol: string, host: string): string | undefined {
  try {
    return new URL(`${protocol}://${host}`).host;
  } catch {
    return undefined;
  }
}

/**
 * Mistakes of APP_ORIGIN said in the log instead of leaving people with a bare 403 or links to
 * the wrong place (decision 0083): a write refused for its Origin names the Origin received and
 * APP_ORIGIN (once per Origin per 10 minutes), and the first request that reached the server by
 * another host than APP_ORIGIN's is warned about once per process.
 */
export function originWarnings(app: FastifyInstance, config: Config, now: () => number = Date.now) {
  const refused = new WarningLimiter(10 * 60_000, 100, now);
  const appHost = new URL(config.appOrigin).host;
  let hostWarned = false;

  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (hostWarned || PROBES.has(request.url.split('?')[0] ?? '')) return;
    const host = normalHost(request.protocol, request.host);
    if (host === undefined || host === appHost) return;
    hostWarned = true;
    request.log.warn(
      { host, appOrigin: config.appOrigin },
      `this server was reached at ${request.protocol}://${host} but APP_ORIGIN is ${config.appOrigin}: links in mail and writes from other sites follow APP_ORIGIN; set it to the address people open (warned once)`,
    );
  });

  return {
    /** A state-changing request refused because its Origin is not APP_ORIGIN's. */
    originRefused(request: FastifyRequest, origin: string): void {
      if (!refused.take(origin)) return;
      request.log.warn(
        { origin, appOrigin: config.appOrigin },
        `refused a write from origin ${origin}: APP_ORIGIN is ${config.appOrigin} (set APP_ORIGIN to the address people open; warned once per origin per 10 minutes)`,
      );
    },
  };
}
