import { FIRST_PAINT_ELEMENT_ID } from '@kiosk/shared-types';

/**
 * Remove the daemon's first paint of the welcome screen (daemon/src/plugins/first-paint.ts): a
 * static picture of the welcome shown while this bundle loads. Called once the UI's own welcome is
 * in the DOM (before the browser paints it), or as soon as the UI shows anything else.
 */
export function dismissFirstPaint(doc: Document = document): void {
  doc.getElementById(FIRST_PAINT_ELEMENT_ID)?.remove();
}

/** Whether the page came with the daemon's first paint of the welcome screen. */
export function hasFirstPaint(doc: Document = document): boolean {
  return doc.getElementById(FIRST_PAINT_ELEMENT_ID) !== null;
}

/**
 * Resolves once the browser has had a frame to paint (after the next animation frame), or after
 * `limitMs` where frames do not come (a hidden tab), so the caller never waits for good.
 */
export function afterNextPaint(limitMs = 100): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, limitMs);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}
