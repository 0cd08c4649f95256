import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as shared from '@wordhoard/shared';
import { APP_VERSION, contract, ERROR_STATUS, type EndpointName, type ErrorCode } from '@wordhoard/shared';

/**
 * The OpenAPI document at /api/docs/json, built from the shared contract so that a client
 * generator (openapi-typescript) gets every success status, every error with the one error body,
 * the session cookie as a security scheme and the shared shapes as named components
 * (docs/decisions/0056-openapi-from-the-contract.md). openapi.api.test.ts compares it with the
 * contract, and scripts/check-openapi.mjs type-checks a client generated from it.
 */

/** The security scheme every non-public operation names. */
export const SESSION_SECURITY_SCHEME = 'sessionCookie';
/** The one component every error response refers to (packages/shared/src/errors.ts). */
export const ERROR_BODY_COMPONENT = 'ErrorBody';

/**
 * The codes an endpoint's own service can answer with, beside those every endpoint of its kind
 * can (`derivedErrors`: validation, session, role, origin, body size, database). Typed over
 * every contract entry, so a new endpoint does not compile until its errors are written here.
 */
export const ENDPOINT_ERRORS: { readonly [N in EndpointName]: readonly ErrorCode[] } = {
  health: [],
  // UPSTREAM_ERROR: the mail server refused the code mail (decision 0073).
  signup: [
    'EMAIL_TAKEN',
    'SIGNUP_CLOSED',
    'INVITE_REQUIRED',
    'INVITE_INVALID',
    'TOO_MANY_REQUESTS',
    'UPSTREAM_ERROR',
  ],
  login: ['INVALID_CREDENTIALS', 'TOO_MANY_REQUESTS'],
  verify: ['ALREADY_VERIFIED', 'INCORRECT_CODE', 'CODE_EXPIRED'],
  resendVerification: ['ALREADY_VERIFIED', 'TOO_MANY_REQUESTS', 'UPSTREAM_ERROR'],
  restoreCode: ['TOO_MANY_REQUESTS', 'UPSTREAM_ERROR'],
  restore: ['INCORRECT_CODE', 'CODE_EXPIRED', 'TOO_MANY_REQUESTS'],
  changePassword: [
    'ROLE_NOT_ALLOWED',
    'CURRENT_PASSWORD_REQUIRED',
    'WRONG_CURRENT_PASSWORD',
    'GOOGLE_CONFIRMATION_REQUIRED',
    'GOOGLE_CONFIRMATION_FAILED',
    'GOOGLE_UNAVAILABLE',
    'TOO_MANY_REQUESTS',
  ],
  google: [
    'INVALID_GOOGLE_TOKEN',
    'GOOGLE_UNAVAILABLE',
    'EMAIL_TAKEN',
    'SIGNUP_CLOSED',
    'INVITE_REQUIRED',
    'INVITE_INVALID',
  ],
  guest: ['GUESTS_CLOSED', 'TOO_MANY_REQUESTS'],
  guestSignup: [
    'EMAIL_TAKEN',
    'SIGNUP_CLOSED',
    'INVITE_REQUIRED',
    'INVITE_INVALID',
    'TOO_MANY_REQUESTS',
    'UPSTREAM_ERROR',
  ],
  guestGoogle: [
    'INVALID_GOOGLE_TOKEN',
    'GOOGLE_UNAVAILABLE',
    'GOOGLE_ALREADY_LINKED',
    'EMAIL_TAKEN',
    'SIGNUP_CLOSED',
    'INVITE_REQUIRED',
    'INVITE_INVALID',
  ],
  createInvite: [],
  deleteAccount: [
    'DELETION_CONFIRMATION_REQUIRED',
    'CURRENT_PASSWORD_REQUIRED',
    'WRONG_CURRENT_PASSWORD',
    'GOOGLE_CONFIRMATION_REQUIRED',
    'GOOGLE_CONFIRMATION_FAILED',
    'GOOGLE_UNAVAILABLE',
    'TOO_MANY_REQUESTS',
  ],
  checkToken: [],
  refreshToken: [],
  deleteToken: [],
  me: [],
  unsubscribeReminders: [],
  updateMe: ['NOT_FOUND'],
  myProgress: [],
  exportMe: [],
  acceptPolicy: ['NOT_FOUND', 'ROLE_NOT_ALLOWED'],
  listDictionaries: [],
  createDictionary: ['MAX_DICTIONARIES'],
  getDictionary: ['NOT_FOUND'],
  updateDictionary: ['NOT_FOUND', 'BAD_REQUEST', 'DUPLICATE_TERM', 'MAX_WORDS', 'WORD_CHANGED'],
  deleteDictionary: ['NOT_FOUND'],
  importDictionary: ['MAX_DICTIONARIES', 'MAX_WORDS', 'DUPLICATE_TERM', 'TOO_MANY_REQUESTS'],
  importWords: ['NOT_FOUND', 'MAX_WORDS', 'DUPLICATE_TERM', 'TOO_MANY_REQUESTS'],
  previewAnkiImport: [
    'NOT_FOUND',
    'UNSUPPORTED_MEDIA_TYPE',
    'INVALID_ANKI_PACKAGE',
    'ANKI_PACKAGE_TOO_COMPLEX',
    'TOO_MANY_REQUESTS',
    'SERVICE_UNAVAILABLE',
  ],
  // UPSTREAM_ERROR on the media endpoints: S3 answered with an error of its own (decision 0073).
  importAnki: [
    'NOT_FOUND',
    'UNSUPPORTED_MEDIA_TYPE',
    'INVALID_ANKI_PACKAGE',
    'ANKI_PACKAGE_TOO_COMPLEX',
    'MAX_WORDS',
    'DUPLICATE_TERM',
    'TOO_MANY_REQUESTS',
    'SERVICE_UNAVAILABLE',
    'UPSTREAM_ERROR',
  ],
  exportDictionary: ['NOT_FOUND', 'UPSTREAM_ERROR'],
  dictionaryProgress: ['NOT_FOUND'],
  getWord: ['NOT_FOUND'],
  suspendWord: ['NOT_FOUND'],
  putWordPicture: [
    'NOT_FOUND',
    'UNSUPPORTED_MEDIA_TYPE',
    'INVALID_PICTURE',
    'PICTURE_TOO_LARGE',
    'MEDIA_QUOTA_EXCEEDED',
    'TOO_MANY_REQUESTS',
    'SERVICE_UNAVAILABLE',
    'UPSTREAM_ERROR',
  ],
  deleteWordPicture: ['NOT_FOUND'],
  putWordAudio: [
    'NOT_FOUND',
    'UNSUPPORTED_MEDIA_TYPE',
    'INVALID_AUDIO',
    'AUDIO_TOO_LONG',
    'MEDIA_QUOTA_EXCEEDED',
    'TOO_MANY_REQUESTS',
    'UPSTREAM_ERROR',
  ],
  deleteWordAudio: ['NOT_FOUND'],
  getMedia: ['NOT_FOUND', 'UPSTREAM_ERROR'],
  mediaUsage: [],
  weakSpots: ['NOT_FOUND'],
  translate: ['TRANSLATION_UNAVAILABLE', 'TOO_MANY_REQUESTS'],
  translationLanguages: ['TRANSLATION_UNAVAILABLE'],
  createTester: ['NOT_FOUND', 'EMPTY_TEST', 'MAX_TESTS'],
  getTesting: [],
  answer: ['NO_ACTIVE_TEST', 'WORD_NOT_CURRENT', 'TOO_MANY_REQUESTS'],
  skip: ['NO_ACTIVE_TEST', 'WORD_NOT_CURRENT', 'TOO_MANY_REQUESTS'],
  overrideAnswer: ['NOT_OVERRIDABLE', 'NO_ACTIVE_TEST', 'WORD_NOT_CURRENT', 'TOO_MANY_REQUESTS'],
  offlinePack: [],
  lateReviews: ['TOO_MANY_REQUESTS'],
  dueCounts: [],
  exportReviewLog: [],
  schedulerStatus: [],
  fitScheduler: ['NOT_ENOUGH_REVIEWS', 'TOO_MANY_REQUESTS'],
  workloadForecast: [],
  plans: ['PAYMENTS_UNAVAILABLE', 'PAYMENT_PROVIDER_ERROR', 'UPSTREAM_ERROR'],
  checkout: [
    'ALREADY_PREMIUM',
    'ROLE_NOT_ALLOWED',
    'PAYMENT_IN_PROGRESS',
    'PAYMENTS_UNAVAILABLE',
    'PAYMENT_PROVIDER_ERROR',
    'UPSTREAM_ERROR',
  ],
  checkoutSession: ['NOT_FOUND', 'PAYMENTS_UNAVAILABLE', 'PAYMENT_PROVIDER_ERROR', 'UPSTREAM_ERROR'],
  customerPortal: ['NO_SUBSCRIPTION', 'PAYMENTS_UNAVAILABLE', 'PAYMENT_PROVIDER_ERROR', 'UPSTREAM_ERROR'],
  cancelSubscription: [
    'NO_SUBSCRIPTION',
    'PAYMENT_IN_PROGRESS',
    'PAYMENTS_UNAVAILABLE',
    'PAYMENT_PROVIDER_ERROR',
    'UPSTREAM_ERROR',
  ],
  renewSubscription: [
    'NO_SUBSCRIPTION',
    'PAYMENT_IN_PROGRESS',
    'PAYMENTS_UNAVAILABLE',
    'PAYMENT_PROVIDER_ERROR',
    'UPSTREAM_ERROR',
  ],
  refundSubscription: [
    'NO_SUBSCRIPTION',
    'PAYMENT_IN_PROGRESS',
    'PAYMENTS_UNAVAILABLE',
    'PAYMENT_PROVIDER_ERROR',
    'UPSTREAM_ERROR',
  ],
  pushKey: [],
  subscribePush: ['PUSH_UNAVAILABLE', 'PUSH_ENDPOINT_NOT_ALLOWED'],
  unsubscribePush: [],
};

/** Methods whose requests carry a body and pass the Origin check (http/security.ts). */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Fastify's own refusal of a body it cannot parse; the error handler keeps the status. */
export const UNSUPPORTED_MEDIA_TYPE = 415;

/** What every endpoint of a kind can answer, read from its contract entry. */
export function derivedErrors(name: EndpointName): ErrorCode[] {
  const endpoint = contract[name];
  const codes: ErrorCode[] = ['INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'];
  if ('params' in endpoint || 'query' in endpoint || 'body' in endpoint) codes.push('VALIDATION_ERROR');
  if (STATE_CHANGING.has(endpoint.method)) codes.push('BAD_REQUEST', 'PAYLOAD_TOO_LARGE', 'BAD_ORIGIN');
  if (endpoint.access !== 'public') codes.push('UNAUTHORIZED');
  if (endpoint.access === 'member' || 'roles' in endpoint) codes.push('ROLE_NOT_ALLOWED');
  return codes;
}

/** Every error an endpoint can answer with, by status, each status's codes in a stable order. */
export function errorsOf(name: EndpointName): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set([...derivedErrors(name), ...ENDPOINT_ERRORS[name]])) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  // Fastify's 415 for a body in a media type it does not parse, labelled BAD_REQUEST; an
  // upload answers its own UNSUPPORTED_MEDIA_TYPE (http/route.ts).
  if (STATE_CHANGING.has(contract[name].method) && !('upload' in contract[name])) {
    byStatus.set(UNSUPPORTED_MEDIA_TYPE, ['BAD_REQUEST']);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

/** Bytes (a file, not text); `format: binary` is still how generators recognise a file in 3.1. */
const BINARY = z.string().meta({ format: 'binary' });

/**
 * Answers that are not JSON, or not only JSON, by media type (the handlers set the same types
 * with `asAttachment`). Every other success body is `application/json`.
 */
export const RESPONSE_MEDIA: Partial<Record<EndpointName, Record<string, z.ZodType>>> = {
  exportDictionary: {
    'application/json': shared.dictionaryExportSchema,
    'text/csv': z.string(),
    // The .apkg zip (docs/decisions/0061-anki-import-export.md).
    'application/apkg': z.string(),
  },
  exportReviewLog: { 'text/csv': shared.reviewLogCsvSchema },
  // A picture is stored as WebP; a recording in the type it was uploaded as.
  getMedia: Object.fromEntries(['image/webp', ...shared.AUDIO_CONTENT_TYPES].map((type) => [type, BINARY])),
};

/** Downloads: their success answer is an attachment (Content-Disposition). */
const ATTACHMENTS = new Set<EndpointName>(['exportDictionary', 'exportReviewLog', 'exportMe']);

/**
 * Every shared schema exported as `fooBarSchema` becomes the component `FooBar`, referenced
 * wherever a contract shape uses it; request parameters stay inline (OpenAPI lists them one by
 * one). The components nothing refers to are dropped from the document.
 */
function componentRegistry() {
  const registry = z.registry<{ id?: string }>();
  for (const [name, value] of Object.entries(shared)) {
    if (!name.endsWith('Schema') || !(value instanceof z.ZodType)) continue;
    if (/(Params|Query)Schema$/.test(name) || registry.has(value)) continue;
    const base = name.charAt(0).toUpperCase() + name.slice(1, -'Schema'.length);
    // The type provider names a schema's request side `<id>Input`; keep ours apart from it.
    registry.add(value, { id: base.endsWith('Input') ? `${base}Value` : base });
  }
  return registry;
}

type Json = Record<string, unknown>;
interface Operation extends Json {
  operationId?: string;
  responses?: Record<string, Json>;
  description?: string;
}

const schemaRef = (id: string) => ({ $ref: `#/components/schemas/${id}` });

const errorDescription = (codes: readonly ErrorCode[]) => `Error: ${codes.join(', ')}`;

function accessDescription(name: EndpointName): string {
  const endpoint = contract[name];
  const roles = 'roles' in endpoint ? ` (roles: ${(endpoint.roles as readonly string[]).join(', ')})` : '';
  if (endpoint.access === 'public') return 'Public.';
  if (endpoint.access === 'session') return `Needs a session${roles}.`;
  return `Needs a session of a user who finished signing up${roles}.`;
}

/** The JSON Schema of a zod schema in the document, through the same registry as the routes. */
type ToJson = (schema: z.ZodType) => unknown;

function completeOperation(name: EndpointName, operation: Operation, toJson: ToJson): void {
  const endpoint = contract[name];
  const responses: Record<string, Json> = {};
  const success = String(endpoint.status);
  const generated = operation.responses?.[success];
  const media = RESPONSE_MEDIA[name];
  const successResponse: Json = { description: endpoint.summary };
  if (media) {
    successResponse.content = Object.fromEntries(
      Object.entries(media).map(([type, schema]) => [type, { schema: toJson(schema) }]),
    );
  } else if (endpoint.response && generated?.content) {
    successResponse.content = generated.content;
  }
  if (ATTACHMENTS.has(name)) {
    successResponse.headers = {
      'Content-Disposition': {
        description: 'attachment; filename="…"; filename*=UTF-8\'\'…',
        schema: { type: 'string' },
      },
    };
  }
  responses[success] = successResponse;
  if (name === 'getMedia') {
    // A Range request (audio in Safari) gets a part of the file; a known ETag, nothing.
    responses['206'] = {
      description:
        'A byte range of the file (Range; one past its end answers 416 with Content-Range: bytes */size)',
      content: successResponse.content,
    };
    responses['304'] = { description: 'Not modified (If-None-Match)' };
  }
  if ('upload' in endpoint) {
    // The file itself is the body, in one of the listed media types (http/route.ts).
    operation.requestBody = {
      required: true,
      description: `The file, at most ${endpoint.upload.maxBytes} bytes`,
      content: Object.fromEntries(
        endpoint.upload.contentTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
      ),
    };
  }
  if (name === 'health') {
    // The one non-error 503: the same body, saying the database cannot be reached.
    responses['503'] = { description: 'The database is unreachable', content: generated?.content };
  }
  for (const [status, codes] of errorsOf(name)) {
    if (responses[String(status)]) continue;
    responses[String(status)] = {
      description: errorDescription(codes),
      // Machine-readable: the `code` values this status can carry here.
      'x-error-codes': codes,
      content: { 'application/json': { schema: schemaRef(ERROR_BODY_COMPONENT) } },
    };
  }
  operation.responses = responses;
  operation.description = accessDescription(name);
  operation.security = endpoint.access === 'public' ? [] : [{ [SESSION_SECURITY_SCHEME]: [] }];
}

/** Drops the components that no path (and no kept component) refers to. */
function pruneComponents(document: Json): void {
  const components = (document.components ?? {}) as { schemas?: Record<string, unknown> };
  const schemas = components.schemas ?? {};
  const used = new Set<string>();
  const pending = [JSON.stringify(document.paths)];
  while (pending.length > 0) {
    const text = pending.pop() ?? '';
    for (const match of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      const id = match[1] ?? '';
      if (used.has(id)) continue;
      used.add(id);
      pending.push(JSON.stringify(schemas[id] ?? null));
    }
  }
  components.schemas = Object.fromEntries(
    Object.entries(schemas)
      .filter(([id]) => used.has(id))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** The @fastify/swagger options: the contract's routes only, completed from the contract. */
export function openApiOptions(options: { sessionCookieName: string }): FastifyDynamicSwaggerOptions {
  const registry = componentRegistry();
  const transform = createJsonSchemaTransform({ schemaRegistry: registry, skipList: [] });
  const toComponents = createJsonSchemaTransformObject({ schemaRegistry: registry });
  return {
    openapi: {
      // 3.1: schemas are JSON Schema 2020-12 (a null is `type: 'null'`, not 3.0's `nullable`);
      // fastify-type-provider-zod picks its target from this field (decision 0082).
      openapi: '3.1.0',
      info: {
        title: 'Wordhoard API',
        version: APP_VERSION,
        license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
        description:
          'Personal multilingual dictionaries and self-tests. Generated from the shared zod contract. ' +
          'Every error answers with the ErrorBody schema; its `code` is machine-readable.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          [SESSION_SECURITY_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: options.sessionCookieName,
            description: 'The session cookie set by sign-up, sign-in and guest entry (HttpOnly).',
          },
        },
      },
    },
    // Only routes that implement a contract entry are documented (not the SPA, assets or docs).
    transform: (input) => {
      const endpoint = input.route.config?.endpoint;
      if (!endpoint) return { schema: { hide: true }, url: input.url };
      return transform(input);
    },
    transformObject: (input) => {
      const document = toComponents(input) as Json & {
        paths: Record<string, Record<string, Operation>>;
      };
      const toJson: ToJson = (schema) => {
        const entry = registry.get(schema);
        if (entry?.id) return schemaRef(entry.id);
        const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
          io: 'output',
          target: 'draft-2020-12',
          metadata: registry,
        });
        return json;
      };
      for (const operations of Object.values(document.paths)) {
        for (const operation of Object.values(operations)) {
          const name = operation.operationId;
          if (name && name in contract) completeOperation(name as EndpointName, operation, toJson);
        }
      }
      pruneComponents(document);
      return document;
    },
  };
}
