import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX } from '@wordhoard/shared';
import type { Config } from './config/config';
import type { Database } from './db/database';
import { registerSessionRoutes } from './features/session/session.routes';
import { SessionRepository } from './features/session/session.repository';
import { SessionService } from './features/session/session.service';
import { registerSystemRoutes } from './features/system/system.routes';
import { registerAccessControl } from './http/access';
import { apiNotFound, registerErrorHandler } from './http/error-handler';
import { ServerMessages } from './http/messages';
import { registerSecurity } from './http/security';
import { registerSpa } from './http/spa';

/** Bodies above this answer 413; nothing the app accepts comes close (a 5,000-word batch fits). */
export const BODY_LIMIT_BYTES = 100 * 1024;

export interface AppDependencies {
  config: Config;
  database: Database;
  /** Serve the built SPA (off in API tests). */
  serveWeb?: boolean;
  logger?: FastifyServerOptions['logger'];
  clock?: () => Date;
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

/** Builds the whole HTTP application over an open database; listening is the caller's job. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: false,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const messages = await ServerMessages.load();
  registerErrorHandler(app, messages);
  registerSecurity(app, config);
  await app.register(fastifyCookie);

  const clock = deps.clock ?? (() => new Date());
  const sessions = new SessionService(new SessionRepository(database.db), clock);
  registerAccessControl(app, config, sessions);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Wordhoard API',
        version: '1.0.0',
        description:
          'Personal multilingual dictionaries and self-tests. Generated from the shared zod contract.',
      },
      servers: [{ url: '/' }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs`, staticCSP: true });

  await app.register(
    async (api) => {
      registerSystemRoutes(api, { database });
      registerSessionRoutes(api, { config, sessions });
    },
    { prefix: API_PREFIX },
  );

  const notFound = apiNotFound(messages);
  if (deps.serveWeb ?? true) {
    await registerSpa(app, { distDir: config.webDistDir ?? defaultWebDist(), notFound });
  } else {
    app.setNotFoundHandler(notFound);
  }
  return app;
}
