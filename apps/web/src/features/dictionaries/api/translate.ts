import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContentLanguage } from '@wordhoard/shared';
import { readRuntimeConfig } from '../../../shared/config/runtimeConfig';
import { isCancelledError, type HttpClient } from '../../../shared/http';
import { useServices } from '../../../shared/services';

/** All suggestion requests share this key, so a new one aborts the one in flight (SPEC §7). */
export const TRANSLATE_REQUEST_KEY = 'translate';

/**
 * Asks for translations of `word`. Only one request is active at a time: starting another
 * cancels this one, and that cancellation is rethrown to the caller. Any other failure (the
 * service is not configured, is down, answers nonsense) is logged and yields null.
 */
export async function fetchTranslations(
  http: HttpClient,
  word: string,
  languages: { fromLanguage: ContentLanguage; toLanguage: ContentLanguage },
  signal?: AbortSignal,
): Promise<string[] | null> {
  try {
    const { translations } = await http.request('translate', {
      params: { word },
      query: languages,
      key: TRANSLATE_REQUEST_KEY,
      signal,
      silent: true,
    });
    return translations;
  } catch (error) {
    if (isCancelledError(error)) throw error;
    console.warn('Translation suggestions are unavailable:', error);
    return null;
  }
}

/**
 * Suggestions for a term (already debounced by the caller); empty while there are none, and
 * never asked for when the deployment has no translation service (the server would answer 503).
 */
export function useTranslationSuggestions(
  word: string,
  fromLanguage: ContentLanguage | undefined,
  toLanguage: ContentLanguage | undefined,
) {
  const { http } = useServices();
  const [available] = useState(() => readRuntimeConfig().translation);
  const pairs = useQuery({
    queryKey: ['translate', 'languages'],
    queryFn: async ({ signal }) =>
      (await http.request('translationLanguages', { signal, silent: true })).pairs,
    enabled: available,
    staleTime: Infinity,
    retry: false,
  });
  // Only the pairs the service translates are offered (decision 0059); a service that does not
  // list them (null), or a list that could not be read, leaves every pair to the server.
  const supported =
    pairs.isError ||
    (pairs.isSuccess &&
      (pairs.data === null ||
        (fromLanguage !== undefined &&
          toLanguage !== undefined &&
          (fromLanguage === toLanguage || (pairs.data[fromLanguage]?.includes(toLanguage) ?? false)))));
  const enabled =
    available && supported && word !== '' && fromLanguage !== undefined && toLanguage !== undefined;
  return useQuery({
    queryKey: ['translate', fromLanguage, toLanguage, word],
    queryFn: ({ signal }) =>
      fromLanguage && toLanguage
        ? fetchTranslations(http, word, { fromLanguage, toLanguage }, signal)
        : Promise.resolve(null),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}
