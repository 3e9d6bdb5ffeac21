import 'i18next';
import type { Catalogue } from './en';

// Typed keys: t('shell.sections.rent') compiles, a misspelt key does not.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}
