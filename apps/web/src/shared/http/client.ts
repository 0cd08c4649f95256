import {
  API_PREFIX,
  ENDPOINT_ROUTES,
  ROLES,
  buildPath,
  type Contract,
  type EndpointName,
  type Language,
  type LimitReached,
  type RequestOf,
  type ResponseOf,
} from '@wordhoard/shared';
import { ApiError, CancelledError, NetworkError, UnauthorizedError, type ApiErrorDetail } from './errors';
import type { UploadProgress, UploadTransport } from './uploadTypes';

type Params<N extends EndpointName> = RequestOf<N>['params'];
/**
 * An upload endpoint (`upload` in the contract) takes the file itself, sent as it is with its
 * own Content-Type; every other body is JSON.
 */
type Body<N extends EndpointName> = Contract[N] extends { upload: object } ? Blob : RequestOf<N>['body'];

/** `params` and `body` are required exactly when the endpoint has them; `query` is optional. */
type Payload<N extends EndpointName> = (Params<N> extends undefined
  ? { params?: undefined }
  : { params: Params<N> }) &
  (Body<N> extends undefined ? { body?: undefined } : { body: Body<N> }) & { query?: RequestOf<N>['query'] };

export type RequestOptions<N extends EndpointName> = Payload<N> & {
  /** Aborts the request, e.g. the signal TanStack Query passes to a query function. */
  signal?: AbortSignal;
  /** A new request with the same key aborts the previous one still in flight (SPEC §4). */
  key?: string;
  /**
   * The caller handles every failure itself: nothing is shown in the error modal and a 401
   * does not end the session (used where a failure is an expected outcome).
   */
  silent?: boolean;
  /** Told as the body goes out; used only where the client has an upload transport. */
  onUploadProgress?: (progress: UploadProgress) => void;
};

type RequestArgs<N extends EndpointName> =
  object extends Payload<N> ? [options?: RequestOptions<N>] : [options: RequestOptions<N>];

/** A file the API answered with (`Content-Disposition: attachment`). */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

export interface HttpClient {
  request<N extends EndpointName>(name: N, ...args: RequestArgs<N>): Promise<ResponseOf<N>>;
  /** Like `request`, but the answer is a file: its bytes and the name the server gave it. */
  download<N extends EndpointName>(name: N, ...args: RequestArgs<N>): Promise<DownloadedFile>;
  /** Aborts the request in flight under `key`, if any. */
  abort: (key: string) => void;
}

export interface HttpClientConfig {
  /** Where the API lives; '/api' in the browser, an absolute URL in tests. */
  baseUrl?: string;
  /** The two-letter interface language, sent as Accept-Language. */
  getLanguage: () => Language;
  /** Shows a failure to the user (the global error modal). Never called for cancellations. */
  reportError?: (error: ApiError | NetworkError) => void;
  /** Runs the Unauthorized path of SPEC §8: clear the session and go to /auth. */
  onUnauthorized?: (error: UnauthorizedError) => void;
  /** The message for an error answer whose body carries none (a proxy's 502 page, say). */
  fallbackMessage?: (status: number) => string;
  /**
   * The app's own words for a refusal at a role's limit, instead of the body's message (which
   * names the role by its id); undefined keeps the body's message.
   */
  limitMessage?: (code: string, limit: LimitReached) => string | undefined;
  /** How requests go out; the global fetch unless a test gives each simulated browser its own cookies. */
  fetch?: typeof fetch;
  /**
   * The message of a NetworkError, in the user's language: never the browser's own
   * ("Failed to fetch"), which is kept as the error's `cause`.
   */
  offlineMessage?: () => string;
  /** The server answered (with any status but a bare 503, see `send`): it can be reached. */
  onReachable?: () => void;
  /**
   * Sends the requests that ask for upload progress (`xhrUpload` in the browser); without it
   * they go by `fetch`, and no progress is told.
   */
  upload?: UploadTransport;
}

/** A 401 from these is an answer about credentials, not a sign that the session ended. */
const SESSION_ENDPOINT_PREFIXES = ['/auth/', '/cookie/'];

export function endsSessionOn401(path: string): boolean {
  return !SESSION_ENDPOINT_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** The options as the implementation sees them, whatever the endpoint. */
interface AnyRequestOptions {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  signal?: AbortSignal;
  key?: string;
  silent?: boolean;
  onUploadProgress?: (progress: UploadProgress) => void;
}

const defaultFallbackMessage = (status: number) => `Request failed with status ${status}`;
const defaultOfflineMessage = () => "Can't reach Wordhoard — check your connection.";

export function createHttpClient(config: HttpClientConfig): HttpClient {
  const baseUrl = (config.baseUrl ?? API_PREFIX).replace(/\/$/, '');
  const fallbackMessage = config.fallbackMessage ?? defaultFallbackMessage;
  const offlineMessage = config.offlineMessage ?? defaultOfflineMessage;
  const networkError = (cause: unknown) => new NetworkError(offlineMessage(), { cause });
  const inFlight = new Map<string, AbortController>();
  // Looked up per call, so the global fetch is whatever the page has at the time.
  const fetchFn: typeof fetch = config.fetch ?? ((input, init) => fetch(input, init));

  function urlFor(path: string, params: unknown, query: unknown): string {
    const url = baseUrl + buildPath(path, params as Record<string, string | number> | undefined);
    if (!query || typeof query !== 'object') return url;
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) search.set(name, String(value));
    }
    const encoded = search.toString();
    return encoded ? `${url}?${encoded}` : url;
  }

  async function send(name: EndpointName, options: AnyRequestOptions, asFile = false): Promise<unknown> {
    // The zod-free table: the contract itself would bring zod into the start-up code.
    const endpoint = ENDPOINT_ROUTES[name];
    const controller = new AbortController();
    const { key, signal: external } = options;

    if (key !== undefined) {
      inFlight.get(key)?.abort();
      inFlight.set(key, controller);
    }
    const forwardAbort = () => controller.abort();
    if (external?.aborted) controller.abort();
    else external?.addEventListener('abort', forwardAbort, { once: true });

    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': config.getLanguage(),
    };
    const hasBody = options.body !== undefined;
    // A file (an upload endpoint) goes as it is, typed by its own media type; anything else as JSON.
    const file = options.body instanceof Blob ? options.body : null;
    if (file) headers['Content-Type'] = file.type || 'application/octet-stream';
    else if (hasBody) headers['Content-Type'] = 'application/json';

    try {
      let response: Response;
      try {
        const url = urlFor(endpoint.path, options.params, options.query);
        const body = file ?? (hasBody ? JSON.stringify(options.body) : undefined);
        const { onUploadProgress } = options;
        response =
          config.upload && onUploadProgress && body !== undefined
            ? await config.upload(
                url,
                { method: endpoint.method, headers, body, signal: controller.signal },
                onUploadProgress,
              )
            : await fetchFn(url, {
                method: endpoint.method,
                headers,
                body,
                credentials: 'include',
                signal: controller.signal,
              });
      } catch (error) {
        if (controller.signal.aborted) throw new CancelledError();
        throw networkError(error);
      }

      if (asFile && response.ok) {
        config.onReachable?.();
        try {
          const blob = await response.blob();
          return { blob, fileName: fileNameOf(response.headers.get('content-disposition')) };
        } catch (error) {
          if (controller.signal.aborted) throw new CancelledError();
          throw networkError(error);
        }
      }

      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        if (controller.signal.aborted) throw new CancelledError();
        throw networkError(error);
      }
      // A 503 in no words of ours comes from a server starting or stopping (Fastify's bare
      // "Service Unavailable") or a proxy in front of it: not an answer of the app, but the
      // connection lost for a moment, told and recovered from as such.
      if (response.status === 503 && !hasOwnErrorCode(text)) {
        throw networkError(new Error('503 without an error code'));
      }
      config.onReachable?.();

      if (response.ok) return parseSuccess(text, response.status);
      throw errorFromResponse(endpoint.path, response.status, text, response.headers.get('retry-after'));
    } finally {
      external?.removeEventListener('abort', forwardAbort);
      if (key !== undefined && inFlight.get(key) === controller) inFlight.delete(key);
    }
  }

  function parseSuccess(text: string, status: number): unknown {
    if (text === '') return null;
    try {
      return JSON.parse(text);
    } catch {
      throw new ApiError(fallbackMessage(status), status, null);
    }
  }

  function errorFromResponse(
    path: string,
    status: number,
    text: string,
    retryAfter: string | null,
  ): ApiError {
    const body = parseErrorBody(text);
    const ownWords = body.code && body.limit ? config.limitMessage?.(body.code, body.limit) : undefined;
    const message = ownWords || body.message || fallbackMessage(status);
    if (status === 401 && endsSessionOn401(path)) {
      return new UnauthorizedError(message, status, body.code, body.details);
    }
    return new ApiError(message, status, body.code, body.details, parseRetryAfter(retryAfter), body.limit);
  }

  async function run(name: EndpointName, options: AnyRequestOptions, asFile: boolean): Promise<unknown> {
    try {
      return await send(name, options, asFile);
    } catch (error) {
      if (!options.silent && (error instanceof ApiError || error instanceof NetworkError)) {
        config.reportError?.(error);
        if (error instanceof UnauthorizedError) config.onUnauthorized?.(error);
      }
      throw error;
    }
  }

  return {
    async request(name, ...[options]) {
      return (await run(name, options ?? {}, false)) as ResponseOf<typeof name>;
    },
    async download(name, ...[options]) {
      return (await run(name, options ?? {}, true)) as DownloadedFile;
    },
    abort(key) {
      inFlight.get(key)?.abort();
    },
  };
}

/** The file name of a Content-Disposition header (RFC 6266: `filename*` wins), or "download". */
export function fileNameOf(header: string | null): string {
  if (!header) return 'download';
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  return (plain?.[1] ?? plain?.[2] ?? 'download').trim() || 'download';
}

/** Retry-After as seconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); null if absent or bad. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/** Whether an error body carries one of the API's own codes (Fastify's own start with FST_). */
function hasOwnErrorCode(text: string): boolean {
  const { code } = parseErrorBody(text);
  return code !== null && !code.startsWith('FST_');
}

interface ParsedErrorBody {
  message: string;
  code: string | null;
  details: ApiErrorDetail[];
  limit: LimitReached | null;
}

/** Reads `{ message, code, details }` from an error body, tolerating anything else. */
function parseErrorBody(text: string): ParsedErrorBody {
  const empty: ParsedErrorBody = { message: '', code: null, details: [], limit: null };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return empty;
  }
  if (typeof body !== 'object' || body === null) return empty;
  const { message, code, details, limit } = body as Record<string, unknown>;
  return {
    message: typeof message === 'string' ? message : '',
    code: typeof code === 'string' ? code : null,
    details: Array.isArray(details) ? details.filter(isDetail) : [],
    limit: isLimit(limit) ? limit : null,
  };
}

function isLimit(value: unknown): value is LimitReached {
  if (typeof value !== 'object' || value === null) return false;
  const { role, limit, resetsAt } = value as Record<string, unknown>;
  return (
    (ROLES as readonly unknown[]).includes(role) &&
    typeof limit === 'number' &&
    (resetsAt === undefined || (typeof resetsAt === 'string' && !Number.isNaN(Date.parse(resetsAt))))
  );
}

function isDetail(value: unknown): value is ApiErrorDetail {
  if (typeof value !== 'object' || value === null) return false;
  const { path, message } = value as Record<string, unknown>;
  return typeof path === 'string' && typeof message === 'string';
}
