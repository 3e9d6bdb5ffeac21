/**
 * The visitor's display choices as classes and custom properties on the document root, so the
 * stylesheets (global.css, "display modes") change every screen at once and no component needs
 * its own logic. Dialogs and the on-screen keyboard are portalled to <body>: the root reaches them.
 */
export interface DisplayMode {
  highContrast: boolean;
  largeText: boolean;
  lowReach: boolean;
  /** The part of the screen's height, from the bottom, a seated visitor reaches (percent). */
  reachZonePercent: number;
  /** Audio mode's screen blank: a black cover over everything, the page working under it. */
  screenBlank?: boolean;
}

export const DISPLAY_CLASSES = {
  highContrast: 'kiosk-high-contrast',
  largeText: 'kiosk-large-text',
  lowReach: 'kiosk-low-reach',
  screenBlank: 'kiosk-screen-blank',
} as const;

/** The height above the reach zone, which "Move controls down" leaves free of controls. */
export const REACH_OFFSET_VAR = '--ui-reach-offset';

export function applyDisplayMode(mode: DisplayMode, element: HTMLElement): void {
  element.classList.toggle(DISPLAY_CLASSES.highContrast, mode.highContrast);
  element.classList.toggle(DISPLAY_CLASSES.largeText, mode.largeText);
  element.classList.toggle(DISPLAY_CLASSES.lowReach, mode.lowReach);
  element.classList.toggle(DISPLAY_CLASSES.screenBlank, mode.screenBlank === true);
  const percent = Math.min(100, Math.max(0, mode.reachZonePercent));
  element.style.setProperty(REACH_OFFSET_VAR, `${100 - percent}vh`);
}
