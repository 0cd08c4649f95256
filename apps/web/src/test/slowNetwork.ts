import type { TestBrowser } from './apiServer';

/**
 * A slow connection for the browser's app: while `hold(route)` is on, replies to
 * `METHOD /api/path` requests (the server has already answered them) wait until `release()`,
 * so a screen's loading state can be seen. The harness's browser has no such delay.
 */
export function slowNetwork(browser: TestBrowser) {
  let held: string | undefined;
  let waiting: Array<() => void> = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const response = await browser.fetch(input, init);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const url = new URL(input instanceof Request ? input.url : input);
    if (held === `${method} ${url.pathname}`) {
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    return response;
  };
  return {
    fetch,
    hold(route: string) {
      held = route;
    },
    release() {
      held = undefined;
      const pending = waiting;
      waiting = [];
      pending.forEach((resume) => resume());
    },
  };
}
