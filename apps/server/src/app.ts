import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX, type EndpointName } from '@wordhoard/shared';
import type { Config } from './config/config';
import type { Database } from './db/database';
import { registerAuthRoutes } from './features/auth/auth.routes';
import { startGuestSweeper } from './features/auth/guest-sweeper';
import { registerInvitesRoutes } from './features/invites/invites.routes';
import { registerDictionariesRoutes } from './features/dictionaries/dictionaries.routes';
import { registerLearningRoutes } from './features/learning/learning.routes';
import { startNightlyFits } from './features/learning/nightly-fits';
import { startReminders } from './features/reminders/reminders-job';
import { startBlobSweep } from './features/media/blob-sweep-job';
import { registerMediaRoutes } from './features/media/media.routes';
import { registerRemindersRoutes } from './features/reminders/reminders.routes';
import { registerPaymentsRoutes } from './features/payments/payments.routes';
import { registerPortabilityRoutes } from './features/portability/portability.routes';
import { registerPushRoutes } from './features/reminders/push.routes';
import { registerClientLimits } from './features/rate-limit/client-limits';
import { registerSessionRoutes } from './features/session/session.routes';
import { registerMetrics } from './features/system/metrics';
import { registerSystemRoutes } from './features/system/system.routes';
import { registerTestingRoutes } from './features/testing/testing.routes';
import { registerTranslateRoutes } from './features/translate/translate.routes';
import { registerUsersRoutes } from './features/users/users.routes';
import { createServices, type HeavyWorkLimits } from './services';
import type { BlobStore } from './features/media/blob-store';
import type { PushTransport } from './features/reminders/push.service';
import { registerAccessControl } from './features/session/session.access';
import { sessionCookieName } from './features/session/session.cookie';
import { startEmbeddedMaintenance } from './db/maintenance';
import { startConfiguredBackups } from './db/scheduled-backups';
import { startAnswerFormsJob } from './features/dictionaries/answer-forms-job';
import { apiNotFound, registerErrorHandler } from './http/error-handler';
import { openApiOptions } from './http/openapi';
import { ServerMessages } from './http/messages';
import { OneLineRequestLog } from './http/request-log';
import { registerSecurity } from './http/security';
import { contractSerializerCompiler } from './http/serializer';
import { registerSpa } from './http/spa';

/** Bodies above this answer 413; nothing the app accepts comes close (a 5,000-word batch fits). */
export const BODY_LIMIT_BYTES = 100 * 1024;

export interface RegisteredRoute {
  method: string;
  url: string;
  /** The contract entry the route implements; undefined for infrastructure (docs, SPA, webhook). */
  endpoint: EndpointName | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RegisteredRoute[];
  }
}

export interface AppDependencies {
  config: Config;
  database: Database;
  /** Serve the built SPA (off in API tests). */
  serveWeb?: boolean;
  logger?: FastifyServerOptions['logger'];
  clock?: () => Date;
  /** Start timers such as the guest sweeper (the real server does; tests drive them directly). */
  backgroundJobs?: boolean;
  /** Media bytes somewhere else than the configuration says (tests). */
  blobStore?: BlobStore;
  /** Budgets of the heavy work other than the defaults (tests; decision 0077). */
  heavyWork?: HeavyWorkLimits;
  /** The resolver and timeout of pushes (tests: a local DNS server, a short timeout). */
  pushTransport?: Partial<PushTransport>;
}

function defaultWebDist(): string {
  // dist/main.js and src/app.ts both sit two levels under apps/.
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  };
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Deployment settings the SPA needs at run time (one build serves every deployment), as meta
 * tags in index.html: the support address, the Google client id, the analytics tag id, the
 * source code's address and so on.
 */
export function runtimeConfigMeta(config: Config): string {
  const entries: [string, string | undefined][] = [
    ['wordhoard:support-email', config.supportEmail],
    ['wordhoard:google-client-id', config.google.clientId],
    ['wordhoard:analytics-id', config.analyticsId],
    ['wordhoard:tutorial-video-desktop', config.tutorialVideo.desktop],
    ['wordhoard:tutorial-video-mobile', config.tutorialVideo.mobile],
    // SOURCE_URL is set by the operator, so the link cannot be baked into the build (AGPL §13).
    ['wordhoard:source-url', config.sourceUrl],
    // Without a translation service the editor asks for no suggestions (the server would say 503).
    ['wordhoard:translation', config.translate.url ? 'on' : undefined],
    // Who may come in (decision 0081): the app hides the doors that are shut. Absent: open, on.
    ['wordhoard:signup-mode', config.access.signupMode === 'open' ? undefined : config.access.signupMode],
    ['wordhoard:guest-access', config.access.guests ? undefined : 'off'],
  ];
  return entries
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<meta name="${name}" content="${escapeAttribute(value)}">`)
    .join('');
}

/**
 * TRUST_PROXY for Fastify. A list of proxy ranges goes through as it is. A hop count becomes
 * "trust the nearest N addresses": Fastify 5 treats a bare number as "trust nobody", because a
 * hop count cannot tell a proxy from a client that reached the app directly, so it is only
 * right when the app is reachable through the proxies alone (docs/deploy.md).
 */
function trustProxyOption(
  setting: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === undefined) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/** Builds the whole HTTP application over an open database; listening is the caller's job. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    // One line per request, at response time; static files and probes at debug (decision 0083).
    logController: new OneLineRequestLog(),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Off unless TRUST_PROXY names the proxies: otherwise anyone could pick their own address
    // with X-Forwarded-For and step around every per-client limit.
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: {
      ignoreTrailingSlash: true,
      // find-my-way's default of 100 would make a long, percent-encoded word in
      // /translate/:word a 404 instead of the contract's 400; Node caps the URL anyway.
      maxParamLength: 16 * 1024,
    },
  });
  // Every registered route, for the ownership sweep and the fuzzer (they fail on uncovered routes).
  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (options) => {
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routeTable.push({ method, url: options.url, endpoint: options.config?.endpoint });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Before every route, so that the request histogram sees them all (404s included).
  const metrics = config.metricsToken
    ? registerMetrics(app, { database, token: config.metricsToken })
    : undefined;

  const messages = await ServerMessages.load();
  registerErrorHandler(app, messages);
  registerSecurity(app, config);
  await app.register(fastifyCookie);

  const clock = deps.clock ?? (() => new Date());
  const services = createServices({
    config,
    database,
    clock,
    log: app.log,
    ...(deps.blobStore ? { blobStore: deps.blobStore } : {}),
    ...(deps.heavyWork ? { heavyWork: deps.heavyWork } : {}),
    ...(deps.pushTransport ? { pushTransport: deps.pushTransport } : {}),
  });
  app.decorate('services', services);
  app.addHook('onClose', async () => {
    await services.close();
  });
  registerAccessControl(app, config, services.sessions);
  registerClientLimits(app, services.rateLimiter);
  if (deps.backgroundJobs) {
    const observeJob = metrics?.observeJob;
    const stopSweeper = startGuestSweeper(services.users, app.log, clock, observeJob);
    const stopMaintenance = startEmbeddedMaintenance(database, app.log, observeJob);
    const stopNightlyFits = startNightlyFits(services.learning, app.log, clock, observeJob);
    const stopReminders = startReminders(services.reminders, app.log, observeJob);
    const stopBlobSweep = startBlobSweep(services.media, app.log, observeJob);
    const stopAnswerForms = startAnswerFormsJob(services.dictionaries, app.log, observeJob);
    const stopBackups = startConfiguredBackups(config, database, app.log, clock, observeJob);
    app.addHook('onClose', async () => {
      stopBackups();
      stopAnswerForms();
      stopBlobSweep();
      stopReminders();
      stopSweeper();
      stopMaintenance();
      stopNightlyFits();
    });
  }

  // The document is completed from the contract (http/openapi.ts): errors, security, components.
  await app.register(fastifySwagger, openApiOptions({ sessionCookieName: sessionCookieName(config) }));
  // The docs' own Content-Security-Policy is set with the others (http/security.ts, DOCS_CSP).
  await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  await app.register(
    async (api) => {
      registerSystemRoutes(api, { database });
      registerSessionRoutes(api, { config, sessions: services.sessions, auth: services.auth });
      registerAuthRoutes(api, { config, auth: services.auth });
      registerInvitesRoutes(api, { invites: services.invites });
      registerUsersRoutes(api, { users: services.users, clock });
      registerRemindersRoutes(api, { reminders: services.reminders });
      registerDictionariesRoutes(api, { dictionaries: services.dictionaries, anki: services.anki });
      registerMediaRoutes(api, { media: services.media });
      registerPortabilityRoutes(api, { accountExport: services.accountExport });
      registerTranslateRoutes(api, { translate: services.translate });
      registerTestingRoutes(api, {
        testing: services.testing,
        offlineTesting: services.offlineTesting,
        weakSpots: services.weakSpots,
        progress: services.progress,
        reviewLog: services.reviewLog,
      });
      registerLearningRoutes(api, { learning: services.learning });
      registerPaymentsRoutes(api, {
        payments: services.payments,
        refunds: services.refunds,
        stripeWebhooks: services.stripeWebhooks,
      });
      registerPushRoutes(api, { push: services.push });
    },
    { prefix: API_PREFIX },
  );

  const notFound = apiNotFound(messages);
  if (deps.serveWeb ?? true) {
    await registerSpa(app, {
      distDir: config.webDistDir ?? defaultWebDist(),
      headSnippet: runtimeConfigMeta(config),
      notFound,
    });
  } else {
    app.setNotFoundHandler(notFound);
  }
  return app;
}
