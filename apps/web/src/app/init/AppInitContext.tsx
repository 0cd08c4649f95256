import { createContext, use, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { AppInitializer, InitStatus } from './appInitializer';

const AppInitContext = createContext<AppInitializer | null>(null);

export function AppInitProvider({
  initializer,
  children,
}: {
  initializer: AppInitializer;
  children: ReactNode;
}) {
  return <AppInitContext value={initializer}>{children}</AppInitContext>;
}

function useInitializer(): AppInitializer {
  const initializer = use(AppInitContext);
  if (!initializer) throw new Error('useAppInitialization must be used within an AppInitProvider');
  return initializer;
}

/** The status of app initialization, without starting it. */
export function useInitStatus(): InitStatus {
  const initializer = useInitializer();
  return useSyncExternalStore(initializer.subscribe, initializer.getStatus, initializer.getStatus);
}

/** Starts app initialization (once) and follows its status. */
export function useAppInitialization(): InitStatus {
  const initializer = useInitializer();
  useEffect(() => {
    void initializer.start();
  }, [initializer]);
  return useInitStatus();
}
