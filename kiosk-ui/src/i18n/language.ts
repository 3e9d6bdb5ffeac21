import { reaction } from 'mobx';
import type { ApiClient } from '../api/client';
import type { KioskLanguage, VisitorPreferences } from '../areas/shell/VisitorPreferences';
import { setDisplayLocale } from '../utils/locale';
import { i18next } from './setup';

/** What operator calls ask for: the visitor's language first, English after it. */
const ACCEPT_LANGUAGE: Record<KioskLanguage, string> = { en: 'en-US', es: 'es-US, es;q=0.9, en;q=0.5' };

let spanish: Promise<void> | undefined;

/**
 * The Spanish catalogue (with dayjs's Spanish locale) arrives only when a visitor first chooses
 * Spanish: the first screen carries English alone (the first-screen budget, docs/performance.md).
 */
function loadSpanish(): Promise<void> {
  spanish ??= import('./es').then(
    ({ es }) => {
      i18next.addResourceBundle('es', 'translation', es, true, true);
    },
    (error: unknown) => {
      spanish = undefined; // try again on the next tap
      throw error;
    },
  );
  return spanish;
}

let requested: KioskLanguage = 'en';

/**
 * Show the kiosk in `language`: its texts (i18next), money and calendar names (utils/locale.ts),
 * dayjs's locale and <html lang> (screen readers and speech pick their voice from it). A later
 * choice wins over one still loading.
 */
export async function applyLanguage(language: KioskLanguage): Promise<void> {
  requested = language;
  if (language === 'es') await loadSpanish();
  if (requested !== language) return;
  setDisplayLocale(language === 'es' ? 'es-US' : 'en-US');
  if (language === 'es' || spanish) {
    // dayjs is in a lazily loaded chunk; it only needs telling once Spanish has been used.
    const { default: dayjs } = await import('dayjs');
    if (requested !== language) return;
    dayjs.locale(language);
  }
  await i18next.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/**
 * Keep the kiosk in the visitor's language (root.preferences.language): chosen with the language
 * control, back to English when the session ends (preferences reset with it). If the Spanish
 * texts cannot be loaded the kiosk stays in English and says so by showing English.
 */
export function followVisitorLanguage(preferences: VisitorPreferences, api?: ApiClient): () => void {
  return reaction(
    () => preferences.language,
    (language) => {
      if (api) api.acceptLanguage = ACCEPT_LANGUAGE[language];
      applyLanguage(language).catch(() => {
        if (preferences.language === language) preferences.chooseLanguage('en');
      });
    },
    { fireImmediately: true },
  );
}
