// No zod here: the web app's start-up code decodes messages without loading the schemas.

/**
 * Validation messages are i18n keys of the `validation` namespace (see ./messages), so the
 * server and the forms show the same words in the user's language. A message that needs a
 * value carries it after a "|" as JSON: `validation.maxLength|{"length":31}`.
 */
export const VALIDATION_KEYS = {
  forbiddenCharacters: 'validation.forbiddenCharacters',
  forbiddenCharacter: 'validation.forbiddenCharacter',
  maxLength: 'validation.maxLength',
  minLength: 'validation.minLength',
  required: 'validation.required',
  email: 'validation.email',
  password: 'validation.password',
  digitsOnly: 'validation.digitsOnly',
  codeLength: 'validation.codeLength',
  duplicateDefinition: 'validation.duplicateDefinition',
  definitionsRequired: 'validation.definitionsRequired',
  tooManyDefinitions: 'validation.tooManyDefinitions',
  tooManyExamples: 'validation.tooManyExamples',
  duplicateExample: 'validation.duplicateExample',
  policiesRequired: 'validation.policiesRequired',
  invalidValue: 'validation.invalidValue',
  unknownLanguage: 'validation.unknownLanguage',
  invalidFile: 'validation.invalidFile',
  duplicateTermInFile: 'validation.duplicateTermInFile',
  termExists: 'validation.termExists',
  overWordLimit: 'validation.overWordLimit',
  retentionRange: 'validation.retentionRange',
  leechThresholdRange: 'validation.leechThresholdRange',
  invalidDate: 'validation.invalidDate',
  timeZone: 'validation.timeZone',
  dailyGoalRange: 'validation.dailyGoalRange',
  reminderTime: 'validation.reminderTime',
} as const;
export type ValidationKey = (typeof VALIDATION_KEYS)[keyof typeof VALIDATION_KEYS];

export type MessageValues = Record<string, string | number>;

export function encodeMessage(key: string, values?: MessageValues): string {
  return values ? `${key}|${JSON.stringify(values)}` : key;
}

export function decodeMessage(message: string): { key: string; values: MessageValues } {
  const bar = message.indexOf('|');
  if (bar < 0) return { key: message, values: {} };
  try {
    const values: unknown = JSON.parse(message.slice(bar + 1));
    return {
      key: message.slice(0, bar),
      values: typeof values === 'object' && values !== null ? (values as MessageValues) : {},
    };
  } catch {
    return { key: message.slice(0, bar), values: {} };
  }
}
