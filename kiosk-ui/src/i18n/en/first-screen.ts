import { DEMO_MARK_TEXT, SIDEBAR_LABEL, SIDEBAR_SECTION_TEXTS, WELCOME_DEFAULTS } from '@kiosk/shared-types';
import type { MessageTree } from '../types';

/**
 * The texts the first screen shows: sidebar, welcome, logo, the time, unavailable and
 * out-of-service pages and the loading spinner. Only these are bundled with it (i18n/first-screen.ts); every other text,
 * the rest of the `shell` and `common` areas included, arrives with the first other screen, the
 * on-screen keyboard or the session dialogs (loadAreaTexts). They belong to the `shell` and
 * `common` areas (./shell.ts and ./common.ts spread them in), so their keys are `shell.*` and
 * `common.*` like the rest.
 */
export const firstScreenShell = {
  /** Worn by a demo kiosk (the daemon's KIOSK_SANDBOX=on) on every screen; shared with the first paint. */
  demo_mark: DEMO_MARK_TEXT,
  // The listed items' texts are shared with the daemon's first paint of the welcome.
  sections: {
    ...SIDEBAR_SECTION_TEXTS,
    samples: 'Samples',
    // Not a sidebar item: shown under MY STORAGE.
    move_out: 'Move out',
    my_storage_contact: 'Contact details',
  },
  sidebar: {
    label: SIDEBAR_LABEL,
    logout: 'Logout',
    /** Read by screen readers beside the mm:ss countdown of the Logout item. */
    countdown_label: 'Time left in this session',
    /** The cues of a menu that does not fit: it scrolls by a page (docs/screens.md). */
    more: 'More',
    back_up: 'Back up',
  },
  // Shared with the daemon's first paint of the welcome screen.
  welcome: { ...WELCOME_DEFAULTS },
  logo: {
    default_label: 'Self storage',
  },
  unavailable: {
    invalid_page: 'This page is not valid.',
    not_configured: 'Kiosk is not configured for this facility.',
  },
  /** The operator cannot be reached: the kiosk is out of service until it answers again. */
  out_of_service: {
    message: 'This kiosk is temporarily unavailable. Please see the Facility Manager.',
    message_with_phone: 'This kiosk is temporarily unavailable. Please see the Facility Manager or call {{phone}}.',
  },
  time: {
    label: 'Current time in epoch seconds',
  },
  /** The group of the language control, whose own labels are "English" and "Español" always. */
  language: {
    label: 'Language',
  },
  /** The bar of the visitor's controls where the rental flow hides the sidebar. */
  preferences: {
    label: 'Your preferences',
    audio: {
      /** The audio control (a toggle button: pressed while the kiosk speaks). */
      label: 'Audio',
      /** Said when audio mode turns on: the other language exists (said in Spanish too, in its voice). */
      /** Said when audio mode turns on: the other language exists (the Spanish one in its own voice). */
      spanish_available: 'Español is available: the Español button is at the foot of the menu or of the screen.',
      spanish_available_es: 'Español está disponible: el botón Español está al pie del menú o de la pantalla.',
      english_available: 'English is available: the English button is at the foot of the menu or of the screen.',
      turned_on: 'Audio on.',
      turned_off: 'Audio off.',
    },
  },
  /** The visitor's display controls, at the sidebar's foot or in the rental flow's own bar. */
  display: {
    label: 'Display',
    high_contrast: 'High contrast',
    large_text: 'Large text',
    low_reach: 'Move controls down',
  },
} satisfies MessageTree;

export const firstScreenCommon = {
  loading: 'Loading',
} satisfies MessageTree;
