import { useEffect, useState } from 'react';
import { VISUALLY_HIDDEN } from '../utilities';

interface LiveRegionProps {
  /** What to announce; an empty string announces nothing. */
  message: string;
  /** Change it to announce the same message again (e.g. a second "Correct!"). */
  announceKey?: string | number;
  'data-testid'?: string;
}

/** How long the region stays empty before the message goes in. */
const ANNOUNCE_DELAY_MS = 120;

/**
 * A polite live region (role="status") that screen readers announce when its text changes.
 * The region is rendered empty first and filled a moment later, because text that arrives
 * together with the region itself is not reliably announced. Invisible on screen.
 */
export function LiveRegion({ message, announceKey, 'data-testid': testId }: LiveRegionProps) {
  const [text, setText] = useState('');

  useEffect(() => {
    const clear = window.setTimeout(() => setText(''), 0);
    const fill = window.setTimeout(() => setText(message), ANNOUNCE_DELAY_MS);
    return () => {
      window.clearTimeout(clear);
      window.clearTimeout(fill);
    };
  }, [message, announceKey]);

  return (
    <div role="status" aria-live="polite" aria-atomic="true" className={VISUALLY_HIDDEN} data-testid={testId}>
      {text}
    </div>
  );
}
