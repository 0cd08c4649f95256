import {
  LANGUAGES,
  decodeMessage,
  errorMessage,
  interpolate,
  languageFromAcceptLanguage,
  loadMessages,
  type ErrorCode,
  type Language,
  type MessageCatalog,
  type MessageValues,
} from '@wordhoard/shared';

/** The shared message catalog of every language, loaded once at start. */
export class ServerMessages {
  private constructor(private readonly catalogs: Record<Language, MessageCatalog>) {}

  static async load(): Promise<ServerMessages> {
    const entries = await Promise.all(
      LANGUAGES.map(async (language) => [language, await loadMessages(language)] as const),
    );
    return new ServerMessages(Object.fromEntries(entries) as Record<Language, MessageCatalog>);
  }

  languageOf(acceptLanguage: string | undefined): Language {
    return languageFromAcceptLanguage(acceptLanguage);
  }

  error(language: Language, code: ErrorCode, values?: MessageValues): string {
    return errorMessage(this.catalogs[language], code, values);
  }

  /**
   * A validation message: shared rules carry i18n keys (`validation.maxLength|{"length":31}`);
   * anything else (zod's own wording for a wrong type) becomes the generic "Invalid value".
   */
  validation(language: Language, message: string): string {
    const { key, values } = decodeMessage(message);
    const name = key.startsWith('validation.') ? key.slice('validation.'.length) : '';
    const validation = this.catalogs[language].validation;
    const template = Object.hasOwn(validation, name)
      ? validation[name as keyof typeof validation]
      : validation.invalidValue;
    return interpolate(template, values);
  }
}
