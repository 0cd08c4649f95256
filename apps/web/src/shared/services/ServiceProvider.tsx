import { createContext, use, type ReactNode } from 'react';
import type { ErrorStore } from '../errors/errorStore';
import type { HttpClient } from '../http';
import type { OfflineStore } from '../offline/offlineStore';
import type { SessionService } from '../session/sessionService';

/** Everything screens need from outside React, provided once by the app (and by tests). */
export interface Services {
  http: HttpClient;
  errors: ErrorStore;
  session: SessionService;
  /** Tests finished offline: their pack and the answers waiting to be sent (decision 0058). */
  offline: OfflineStore;
}

const ServicesContext = createContext<Services | null>(null);

export function ServiceProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext value={services}>{children}</ServicesContext>;
}

export function useServices(): Services {
  const services = use(ServicesContext);
  if (!services) throw new Error('useServices must be used within a ServiceProvider');
  return services;
}
