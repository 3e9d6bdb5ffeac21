/**
 * The locale money and calendar names are shown in: US English, or US Spanish for a visitor who
 * chose Spanish (same dollar format, Spanish month and day names). Set by i18n/language.ts
 * before i18next changes language, so every component that re-renders on the change reads it.
 */
export type DisplayLocale = 'en-US' | 'es-US';

let current: DisplayLocale = 'en-US';

export function displayLocale(): DisplayLocale {
  return current;
}

export function setDisplayLocale(locale: DisplayLocale): void {
  current = locale;
}
