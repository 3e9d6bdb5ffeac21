import { en } from './en';
import { i18next, initI18n } from './setup';

/**
 * i18next with the whole English catalogue loaded at once (tests and tools). The kiosk's entry
 * uses './first-screen' instead and loads the area texts with their screens.
 */
initI18n(en);

export { i18next };
