import { createOfflineStore } from '../offline';
import { QueryClient } from '@tanstack/react-query';
import { render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createErrorStore } from '../errors';
import { createHttpClient } from '../http';
import { createSessionService } from '../session';
import { ServiceProvider, useServices, type Services } from './ServiceProvider';

describe('useServices', () => {
  it('throws outside a ServiceProvider', () => {
    // React reports the render error on the console as well; the assertion is what matters.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useServices())).toThrow(
      new Error('useServices must be used within a ServiceProvider'),
    );
    vi.restoreAllMocks();
  });

  it('returns the provided services inside one', () => {
    const http = createHttpClient({ getLanguage: () => 'en' });
    const services: Services = {
      http,
      errors: createErrorStore(),
      session: createSessionService({ http, queryClient: new QueryClient(), navigate: () => {} }),
      offline: createOfflineStore(),
    };
    function Probe() {
      return <p>{useServices() === services ? 'same services' : 'other services'}</p>;
    }

    render(
      <ServiceProvider services={services}>
        <Probe />
      </ServiceProvider>,
    );

    expect(screen.getByText('same services')).toBeInTheDocument();
  });
});
