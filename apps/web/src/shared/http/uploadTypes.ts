/** How much of a request's body has gone out: shown for big uploads (an Anki package, say). */
export interface UploadProgress {
  sent: number;
  total: number;
}

export interface UploadRequest {
  method: string;
  headers: Record<string, string>;
  body: Blob | string;
  signal: AbortSignal;
}

/**
 * Sends a request and tells how its body goes out. fetch cannot: a browser reports no upload
 * progress for it (a streamed body would need HTTP/2 and still count what was handed over, not
 * what was sent), so this goes through XMLHttpRequest and answers with an ordinary Response.
 */
export type UploadTransport = (
  url: string,
  request: UploadRequest,
  onProgress: (progress: UploadProgress) => void,
) => Promise<Response>;
