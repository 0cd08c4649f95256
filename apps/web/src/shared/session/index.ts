export { createSessionService } from './sessionService';
export type { SessionService, SessionServiceConfig } from './sessionService';
export { useUser } from './useUser';
