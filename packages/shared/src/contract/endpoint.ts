// What one entry of the contract says of its endpoint, and `endpoint()`, which keeps each
// entry's literal types; the entries themselves are in this folder, one file per feature.
import type { z } from 'zod';
import type { Role } from '../constants';

/**
 * The HTTP contract of DESIGN §3, one entry per endpoint. The server registers its routes from
 * these entries (request validation, response serialization, OpenAPI) and the web client
 * derives its typed calls from them, so a shape is written once.
 *
 * `access` says who may call: `public` anyone; `session` any signed-in user, whatever the
 * role (sign-up steps included); `member` a user who finished sign-up. `roles` narrows further.
 */
export type Access = 'public' | 'session' | 'member';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  path: string;
  access: Access;
  roles?: readonly Role[];
  summary: string;
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success status and the schema of its body (`null` for an empty body). */
  status: 200 | 201 | 202 | 204;
  response: z.ZodType | null;
  /** A larger request body limit than the app's default (imports). */
  bodyLimit?: number;
  /**
   * The body is a file sent as it is (an upload), not JSON: the media types accepted and the
   * largest size. An endpoint has `body` or `upload`, never both.
   */
  upload?: { contentTypes: readonly string[]; maxBytes: number };
}

export const endpoint = <const E extends Endpoint>(e: E): E => e;
