import { useLayoutEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { loadAllStrings, startI18n } from '../shared/i18n';
import { createAppInitializer } from './init/appInitializer';
import { AppProviders, type AppContextValue } from './providers/AppProviders';
import { createRouteObjects, preloadScreen } from './router/routes';
import { createAppServices, createQueryClient } from './services';

/** A data router: the browser's in the app, a memory router in tests. */
type Router = ReturnType<typeof createBrowserRouter>;

export interface AppContext extends AppContextValue {
  router: Router;
}

/** The composition root: builds every long-lived object once, in dependency order. */
export async function createAppContext(): Promise<AppContext> {
  const { i18n, ready } = startI18n();
  const queryClient = createQueryClient();
  const router = createBrowserRouter(createRouteObjects());
  const services = createAppServices({ i18n, queryClient, navigate: (path) => void router.navigate(path) });
  const initializer = createAppInitializer(services);
  // Side by side instead of one after another: the strings, the session and the first screen.
  void initializer.start();
  const allStrings = preloadScreen(router.state.location.pathname);
  await ready;
  // A screen behind sign-in renders with every area's strings at once, without a loading state.
  if (allStrings) await loadAllStrings(i18n);
  return { i18n, queryClient, services, initializer, router };
}

/**
 * Removes index.html's static header bar (#app-shell) once the app's first render is in the
 * DOM, before the browser paints it: the app's own header takes its place in the same frame.
 */
function AppShellRemover() {
  useLayoutEffect(() => {
    document.getElementById('app-shell')?.remove();
  }, []);
  return null;
}

export function App({ router, ...context }: AppContext) {
  return (
    <AppProviders {...context}>
      <RouterProvider router={router} />
      <AppShellRemover />
    </AppProviders>
  );
}
