import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { contract, type Contract, type EndpointName, type ResponseOf } from '@wordhoard/shared';
import type { Caller } from '../domain/caller';
import { AppError } from '../domain/errors';
import type { JsonText } from '../domain/json-text';
import { StreamedBody } from './streamed-body';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RouteContext<N extends EndpointName> {
  /** Who the request acts for (domain/caller.ts): set by the access hook on every non-public route. */
  caller: Contract[N]['access'] extends 'public' ? null : Caller;
  params: Out<Contract[N] extends { params: infer P } ? P : undefined>;
  query: Out<Contract[N] extends { query: infer Q } ? Q : undefined>;
  body: Out<Contract[N] extends { body: infer B } ? B : undefined>;
  /** The file of an `upload` endpoint: its bytes and media type (parameters dropped). */
  upload: Contract[N] extends { upload: object } ? UploadedFile : undefined;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface UploadedFile {
  bytes: Buffer;
  /** The media type's essence, lower-cased: `audio/webm` of `audio/webm;codecs=opus`. */
  contentType: string;
}

/** The media type of a request without its parameters, lower-cased ('' without one). */
export function mediaTypeOf(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export type RouteHandler<N extends EndpointName> = (
  context: RouteContext<N>,
) => Promise<RouteResponse<N>> | RouteResponse<N>;

/**
 * What the contract promises, as a value, as JSON text of it (domain/json-text.ts), or written
 * while it is sent (http/streamed-body.ts: the downloads).
 */
type RouteResponse<N extends EndpointName> =
  ResponseOf<N> | JsonText<ResponseOf<N>> | StreamedBody<ResponseOf<N>>;

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

  const upload = 'upload' in endpoint ? endpoint.upload : undefined;
  const register = (scope: FastifyInstance) => {
    scope.route({
      method: endpoint.method,
      url: endpoint.path,
      schema,
      ...('bodyLimit' in endpoint ? { bodyLimit: endpoint.bodyLimit } : {}),
      ...(upload ? { bodyLimit: upload.maxBytes } : {}),
      config: { endpoint: name },
      handler: async (request, reply) => {
        if (endpoint.access !== 'public' && !request.caller) throw new AppError('UNAUTHORIZED');
        const result = await handler({
          caller: request.caller,
          params: request.params,
          query: request.query,
          body: upload ? undefined : request.body,
          upload: upload ? uploadedFile(request) : undefined,
          request,
          reply,
        } as unknown as RouteContext<N>);
        // Fail closed: a route that checks the session in its own query must have admitted it.
        if (request.caller && !request.caller.admitted) throw new AppError('UNAUTHORIZED');
        // A handler may pick another status (health answers 503); otherwise the contract's.
        if (reply.statusCode === 200) reply.code(endpoint.status);
        // A stream goes out past the serializer, a chunk at a time.
        if (result instanceof StreamedBody) return reply.send(result.stream());
        return endpoint.response ? result : reply.send();
      },
    });
  };
  if (!upload) {
    register(app);
    return;
  }
  // An upload's body is the file itself (docs/decisions/0063-word-media.md): in a scope of its
  // own, only the listed media types are read (as bytes, up to maxBytes: beyond, Fastify's
  // 413), and any other type is the localized 415 UNSUPPORTED_MEDIA_TYPE.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      [...upload.contentTypes],
      { parseAs: 'buffer', bodyLimit: upload.maxBytes },
      (_request, body, done) => {
        done(null, body);
      },
    );
    scope.addContentTypeParser('*', (_request, _payload, done) => {
      done(new AppError('UNSUPPORTED_MEDIA_TYPE', { types: upload.contentTypes.join(', ') }), undefined);
    });
    register(scope);
  });
}

/** The uploaded file; a request without one (no body, or an empty one) is a 400. */
function uploadedFile(request: FastifyRequest): UploadedFile {
  const body = request.body;
  if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError('BAD_REQUEST');
  return { bytes: body, contentType: mediaTypeOf(request) };
}
