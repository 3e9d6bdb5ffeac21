import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { MessageTree } from './types';

/**
 * Initialises the one i18next instance synchronously from bundled texts (no http backend), so
 * the first render already has every text it shows.
 */
export function initI18n(translation: Readonly<Record<string, MessageTree>>): void {
  void i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation } },
    initAsync: false,
    // React escapes text itself.
    interpolation: { escapeValue: false },
  });
}

let areaTexts: Promise<void> | undefined;

/**
 * Adds the whole English catalogue (every area's texts) to i18next. The first screen starts with
 * its own texts only (i18n/first-screen.ts, the first-screen budget in docs/performance.md); every other screen's
 * lazy loader waits for this before it renders (screens/registry.ts), and so do the on-screen
 * keyboard and the shell's session dialogs.
 */
export function loadAreaTexts(): Promise<void> {
  areaTexts ??= import('./en').then(
    ({ en }) => {
      i18next.addResourceBundle('en', 'translation', en, true, true);
    },
    (error: unknown) => {
      areaTexts = undefined; // try again on the next screen
      throw error;
    },
  );
  return areaTexts;
}

export { i18next };
