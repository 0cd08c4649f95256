import { useEffect, useState } from 'react';
import { afterLoadWhenIdle } from '../lib/afterLoadWhenIdle';

/**
 * False until the page has loaded and the browser is idle (shared/lib/afterLoadWhenIdle), then
 * true: for what the first screen does not show, so that it never joins the first screen's work.
 */
export function useAfterLoadWhenIdle(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => afterLoadWhenIdle(() => setReady(true)), []);
  return ready;
}
