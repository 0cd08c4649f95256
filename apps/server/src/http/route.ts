import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { contract, type Contract, type EndpointName, type ResponseOf } from '@wordhoard/shared';
import type { Caller } from '../domain/caller';
import { AppError } from '../domain/errors';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RouteContext<N extends EndpointName> {
  /** Who the request acts for (domain/caller.ts): set by the access hook on every non-public route. */
  caller: Contract[N]['access'] extends 'public' ? null : Caller;
  params: Out<Contract[N] extends { params: infer P } ? P : undefined>;
  query: Out<Contract[N] extends { query: infer Q } ? Q : undefined>;
  body: Out<Contract[N] extends { body: infer B } ? B : undefined>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type RouteHandler<N extends EndpointName> = (
  context: RouteContext<N>,
) => Promise<ResponseOf<N>> | ResponseOf<N>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller of a non-public route, given by the access hook (features/session/session.access.ts). */
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** The contract entry this route implements; read by the access check and the sweeps. */
    endpoint?: EndpointName;
  }
}

/**
 * Registers the contract endpoint `name`: its path, validation, response schema, OpenAPI
 * entry and success status all come from packages/shared. Handlers stay thin: they call a
 * service and return what the contract promises.
 */
export function route<N extends EndpointName>(app: FastifyInstance, name: N, handler: RouteHandler<N>): void {
  const endpoint: Contract[EndpointName] = contract[name];
  const schema: Record<string, unknown> = {
    operationId: name,
    summary: endpoint.summary,
    tags: [endpoint.tag],
  };
  if ('params' in endpoint) schema.params = endpoint.params;
  if ('query' in endpoint) schema.querystring = endpoint.query;
  if ('body' in endpoint) schema.body = endpoint.body;
  if (endpoint.response) schema.response = { [endpoint.status]: endpoint.response };

  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema,
    ...('bodyLimit' in endpoint ? { bodyLimit: endpoint.bodyLimit } : {}),
    config: { endpoint: name },
    handler: async (request, reply) => {
      if (endpoint.access !== 'public' && !request.caller) throw new AppError('UNAUTHORIZED');
      const result = await handler({
        caller: request.caller,
        params: request.params,
        query: request.query,
        body: request.body,
        request,
        reply,
      } as unknown as RouteContext<N>);
      // Fail closed: a route that checks the session in its own query must have admitted it.
      if (request.caller && !request.caller.admitted) throw new AppError('UNAUTHORIZED');
      // A handler may pick another status (health answers 503); otherwise the contract's.
      if (reply.statusCode === 200) reply.code(endpoint.status);
      return endpoint.response ? result : reply.send();
    },
  });
}
