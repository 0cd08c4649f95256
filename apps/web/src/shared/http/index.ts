export { createHttpClient, endsSessionOn401 } from './client';
export type { HttpClient, HttpClientConfig, RequestOptions } from './client';
export { ApiError, CancelledError, NetworkError, UnauthorizedError, isCancelledError } from './errors';
export type { ApiErrorDetail } from './errors';
