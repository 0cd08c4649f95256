import type { Language } from '../constants';
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
