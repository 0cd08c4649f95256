import 'i18next';
import type { LocaleResource } from './loadLocale';

// Typed keys: a t('Missing.Key') is a compile error, not a blank in production.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: LocaleResource };
  }
}
