import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NetworkError } from '../http/errors';
import { useMessageTranslator } from '../i18n/messages';

/** What browsers say when a request or a script download never reached the server. */
const BROWSER_NETWORK_FAILURE =
  /failed to fetch|networkerror when attempting|load failed|network request failed|fetch failed/i;

/** The server could not be reached: our NetworkError, or a browser's own TypeError. */
export function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof NetworkError ||
    (error instanceof TypeError && BROWSER_NETWORK_FAILURE.test(error.message))
  );
}

/**
 * The text of any failure, for every place that shows one: a lost connection in the user's
 * words (never the browser's "Failed to fetch"), encoded validation messages in words, and
 * the server's own message otherwise.
 */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  const translate = useMessageTranslator();
  return useCallback(
    (error: unknown) => {
      if (isNetworkFailure(error)) return t('Errors.Offline');
      return translate(error instanceof Error ? error.message : String(error));
    },
    [t, translate],
  );
}
