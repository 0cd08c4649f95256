export { createErrorStore, OFFLINE_MESSAGE, useErrorMessage } from './errorStore';
export type { ErrorStore } from './errorStore';
export { isNetworkFailure, useErrorText } from './errorText';
export { watchConnection } from './watchConnection';
