export { createErrorStore, useErrorMessage } from './errorStore';
export type { ErrorStore } from './errorStore';
