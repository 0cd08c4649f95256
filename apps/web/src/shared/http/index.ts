export { createHttpClient, endsSessionOn401, fileNameOf } from './client';
export type { DownloadedFile, HttpClient, HttpClientConfig, RequestOptions } from './client';
export { ApiError, CancelledError, NetworkError, UnauthorizedError, isCancelledError } from './errors';
export type { ApiErrorDetail } from './errors';
export type { UploadProgress, UploadTransport } from './uploadTypes';
