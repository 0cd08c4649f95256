import { decodeMessage } from '@wordhoard/shared';
import type { ParseKeys, TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Renders a message that may be an encoded i18n key from the shared validation rules
 * ('validation.maxLength|{"length":31}'); any other text is shown as it is.
 */
export function translateMessage(t: TFunction, exists: (key: string) => boolean, message: string): string {
  const { key, values } = decodeMessage(message);
  // Keys come from the shared schemas at run time, so they cannot be checked at compile time.
  return exists(key) ? t(key as ParseKeys, values) : message;
}

/** `translateMessage` bound to the current language. */
export function useMessageTranslator(): (message: string) => string {
  const { t, i18n } = useTranslation();
  return useCallback((message: string) => translateMessage(t, (key) => i18n.exists(key), message), [t, i18n]);
}
