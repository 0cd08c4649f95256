import type { Language } from '../constants';
import type { ErrorCode } from '../errors';
import type { MessageValues } from '../messageCodec';
import { en, type MessageCatalog } from './en';

export { en as englishMessages, type MessageCatalog };

/** Loads one language's shared messages; bundlers split each into its own chunk. */
export async function loadMessages(language: Language): Promise<MessageCatalog> {
  switch (language) {
    case 'en':
      return en;
    case 'uk':
      return (await import('./uk')).uk;
    case 'de':
      return (await import('./de')).de;
    case 'fr':
      return (await import('./fr')).fr;
    case 'es':
      return (await import('./es')).es;
    case 'it':
      return (await import('./it')).it;
    case 'pl':
      return (await import('./pl')).pl;
  }
}

/** Replaces {{name}} placeholders, leaving unknown ones visible rather than blank. */
export function interpolate(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** Waits longer than this read in whole minutes ("in 15 minutes", not "in 900 seconds"). */
export const WAIT_IN_MINUTES_AFTER_SECONDS = 90;

/** The localized message of an error code with its values filled in. */
export function errorMessage(catalog: MessageCatalog, code: ErrorCode, values: MessageValues = {}): string {
  const seconds = Number(values.seconds);
  if (code === 'TOO_MANY_REQUESTS' && seconds > WAIT_IN_MINUTES_AFTER_SECONDS) {
    return interpolate(catalog.waits.TOO_MANY_REQUESTS_MINUTES, {
      ...values,
      minutes: Math.ceil(seconds / 60),
    });
  }
  return interpolate(catalog.apiErrors[code], values);
}
