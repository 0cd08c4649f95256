import type { UploadTransport } from './uploadTypes';

export type { UploadProgress, UploadRequest, UploadTransport } from './uploadTypes';

/** Statuses whose Response may not have a body. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** `getAllResponseHeaders()`'s CRLF-separated lines as Headers. */
function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** The browser's transport: XMLHttpRequest, failing as fetch does (TypeError, AbortError). */
export const xhrUpload: UploadTransport = (url, request, onProgress) =>
  new Promise<Response>((resolve, reject) => {
    if (request.signal.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    const total = typeof request.body === 'string' ? new Blob([request.body]).size : request.body.size;
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    // Listeners on `upload` must be in place before send(), or the browser reports nothing.
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress({ sent: event.loaded, total: event.total });
    });
    xhr.upload.addEventListener('load', () => onProgress({ sent: total, total }));
    xhr.addEventListener('load', () => {
      resolve(
        new Response(NULL_BODY_STATUSES.has(xhr.status) ? null : xhr.responseText, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: headersOf(xhr.getAllResponseHeaders()),
        }),
      );
    });
    xhr.addEventListener('error', () => reject(new TypeError('The upload failed: no connection.')));
    xhr.addEventListener('timeout', () => reject(new TypeError('The upload timed out.')));
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was aborted.', 'AbortError')));
    request.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    // Nothing sent yet: a bar from the start, not the words for what comes after the upload.
    onProgress({ sent: 0, total });
    xhr.send(request.body);
  });
