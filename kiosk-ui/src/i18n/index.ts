import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';

/**
 * One i18next instance, initialised synchronously from the bundled catalogue (no http backend),
 * so the first render already has every text.
 */
void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  initAsync: false,
  // React escapes text itself.
  interpolation: { escapeValue: false },
});

export { i18next };
