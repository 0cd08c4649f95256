export { allStringsPending, loadAllStrings } from './allStrings';
export { createI18n, DETECTION, startI18n } from './createI18n';
export type { CreateI18nOptions } from './createI18n';
export { currentLanguage, switchLanguage } from './language';
export { loadLocale } from './loadLocale';
export type { AppMessages, LocaleResource } from './loadLocale';
export { translateMessage, useMessageTranslator } from './messages';
export { limitMessage, roleName, testsResetText } from './limits';
