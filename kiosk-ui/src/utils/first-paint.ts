import { FIRST_PAINT_ELEMENT_ID, FIRST_PAINT_TAP_ATTRIBUTE, SANDBOX_PAGE_META } from '@kiosk/shared-types';

/** Whether the daemon served this page as a demo kiosk's (KIOSK_SANDBOX=on): its meta element. */
export function pageIsSandbox(doc: Document | undefined = globalThis.document): boolean {
  return doc?.querySelector(`meta[name="${SANDBOX_PAGE_META}"]`)?.getAttribute('content') === 'on';
}

/**
 * Remove the daemon's first paint of the welcome screen (daemon/src/plugins/first-paint.ts): a
 * picture of the welcome, whose sidebar items already take taps, shown while this bundle loads.
 * Called once the UI's own welcome is in the DOM (before the browser paints it), or as soon as the
 * UI shows anything else. Returns the sidebar item the visitor tapped on it, if any.
 */
export function dismissFirstPaint(doc: Document = document): string | null {
  const firstPaint = doc.getElementById(FIRST_PAINT_ELEMENT_ID);
  const tapped = firstPaint?.getAttribute(FIRST_PAINT_TAP_ATTRIBUTE) ?? null;
  firstPaint?.remove();
  return tapped;
}

/**
 * The UI's welcome and sidebar are in the DOM: remove the first paint and, when the visitor tapped
 * one of its sidebar items, tap the same item of the UI's sidebar, so a tap made before the UI was
 * up is not lost. `gesture` runs first: the replayed tap counts as the visitor's own touch (a
 * sidebar item that leaves home starts the session).
 */
export function handOverFirstPaint(gesture: () => void, doc: Document = document): void {
  const tapped = dismissFirstPaint(doc);
  if (tapped === null) return;
  const item = [...doc.querySelectorAll<HTMLElement>('[data-nav-action="sidebar"][data-nav-target]')].find(
    (element) => element.dataset.navTarget === tapped,
  );
  if (!item) return;
  gesture();
  item.click();
}

/** Whether the page came with the daemon's first paint of the welcome screen. */
export function hasFirstPaint(doc: Document = document): boolean {
  return doc.getElementById(FIRST_PAINT_ELEMENT_ID) !== null;
}
