import { FIRST_PAINT_ELEMENT_ID } from '@kiosk/shared-types';

/**
 * Remove the daemon's first paint of the welcome screen (daemon/src/plugins/first-paint.ts): a
 * static picture of the welcome shown while this bundle loads. Called once the UI's own welcome is
 * in the DOM (before the browser paints it), or as soon as the UI shows anything else.
 */
export function dismissFirstPaint(doc: Document = document): void {
  doc.getElementById(FIRST_PAINT_ELEMENT_ID)?.remove();
}
