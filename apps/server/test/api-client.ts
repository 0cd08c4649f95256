import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  API_PREFIX,
  buildPath,
  contract,
  type EndpointName,
  type RequestOf,
  type ResponseOf,
} from '@wordhoard/shared';
import { uniqueClientAddress } from './harness';

/** What a call sends besides its contract parts: who is calling, and from where. */
interface Caller {
  cookie?: string;
  remoteAddress?: string;
  headers?: Record<string, string>;
  /** The file of an `upload` endpoint, sent as the body with its media type. */
  upload?: { bytes: Uint8Array; contentType: string };
}

export type CallInput<N extends EndpointName> = {
  [K in keyof RequestOf<N> as RequestOf<N>[K] extends undefined ? never : K]?: RequestOf<N>[K];
} & Caller;

export interface ApiResponse<N extends EndpointName> extends LightMyRequestResponse {
  /** The body as the contract promises it; throws unless the status is the endpoint's success. */
  data(): ResponseOf<N>;
}

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, string | number | boolean | undefined>)) {
    if (value !== undefined) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * A typed client for the server tests, generated from the contract: `call('createDictionary',
 * { body })` sends the endpoint's method to its path with `app.inject`, and `data()` checks the
 * answer against the contract's response schema, so a test cannot drift from the HTTP API.
 * Tests that must send what the contract forbids (fuzzing, raw bodies) use `inject` directly.
 */
export function apiClient(app: FastifyInstance, defaults: Caller = {}) {
  return {
    /** The same client for another caller (a session cookie). */
    as(cookie: string) {
      return apiClient(app, { ...defaults, cookie });
    },
    async call<N extends EndpointName>(name: N, input: CallInput<N> = {}): Promise<ApiResponse<N>> {
      const endpoint = contract[name];
      const parts = input as { params?: Record<string, string>; query?: unknown; body?: unknown } & Caller;
      const cookie = parts.cookie ?? defaults.cookie;
      const remoteAddress = parts.remoteAddress ?? defaults.remoteAddress;
      const response = await app.inject({
        method: endpoint.method,
        url: `${API_PREFIX}${buildPath(endpoint.path, parts.params)}${queryString(parts.query)}`,
        headers: {
          ...defaults.headers,
          ...(cookie ? { cookie } : {}),
          ...(parts.upload ? { 'content-type': parts.upload.contentType } : {}),
          ...parts.headers,
        },
        ...(parts.body !== undefined ? { payload: parts.body as object } : {}),
        ...(parts.upload ? { payload: Buffer.from(parts.upload.bytes) } : {}),
        ...(remoteAddress ? { remoteAddress } : {}),
      });
      return Object.assign(response, {
        data(): ResponseOf<N> {
          if (response.statusCode !== endpoint.status) {
            throw new Error(
              `${name} answered ${response.statusCode}, not ${endpoint.status}: ${response.body}`,
            );
          }
          if (!endpoint.response) return null as ResponseOf<N>;
          return endpoint.response.parse(response.json()) as ResponseOf<N>;
        },
      });
    },
  };
}

/**
 * One call as `user` from a client address of its own (harness `uniqueClientAddress`): for
 * suites that send many requests of one kind, so the per-client limits (tested on their own in
 * client-limits.api.test.ts) do not decide them.
 */
export function callAsNewClient<N extends EndpointName>(
  app: FastifyInstance,
  user: { cookie: string },
  name: N,
  input?: CallInput<N>,
) {
  return apiClient(app, { cookie: user.cookie, remoteAddress: uniqueClientAddress() }).call(name, input);
}
