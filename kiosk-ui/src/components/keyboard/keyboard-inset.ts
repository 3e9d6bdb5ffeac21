/**
 * How much of the screen the on-screen keyboard covers, published as CSS variables on the root
 * element so the layout can keep clear of it (keyboard.css): `--kiosk-keyboard-height` (the
 * keyboard itself: the scroll area of the kiosk layout ends above it) and `--kiosk-keyboard-inset`
 * (from the viewport's bottom edge to the keyboard's top: dialogs fit above it). Without them the
 * keyboard would lie over the frame's Done / Next buttons and the fields below the focused one.
 */
export const KEYBOARD_HEIGHT_VAR = '--kiosk-keyboard-height';
export const KEYBOARD_INSET_VAR = '--kiosk-keyboard-inset';

/**
 * Follows the keyboard's box (its layout changes size, Hide keyboard shrinks it, the window
 * resizes) and calls `onChange` with the covered height after each change. Returns the disposer,
 * which takes the variables away (no keyboard, nothing covered).
 */
export function publishKeyboardInset(
  host: HTMLElement,
  onChange: (height: number) => void = () => undefined,
  root: HTMLElement = host.ownerDocument.documentElement,
): () => void {
  const view = host.ownerDocument.defaultView;
  // What the root holds: only a change is written, as a new value on the root restyles the page.
  let published = { height: -1, inset: -1 };
  const update = () => {
    const box = host.getBoundingClientRect();
    // Under Large text the page is zoomed (CSS zoom on <body>): lengths inside it are drawn larger,
    // so the screen's pixels are given back in the page's own.
    const zoom = Number.parseFloat(view?.getComputedStyle(host.ownerDocument.body).zoom ?? '') || 1;
    const height = Math.ceil(box.height / zoom);
    const inset = Math.max(0, Math.ceil(((view?.innerHeight ?? box.bottom) - box.top) / zoom));
    if (height === published.height && inset === published.inset) return;
    const resized = height !== published.height;
    published = { height, inset };
    root.style.setProperty(KEYBOARD_HEIGHT_VAR, `${height}px`);
    root.style.setProperty(KEYBOARD_INSET_VAR, `${inset}px`);
    if (resized) onChange(height);
  };
  update();
  const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
  observer?.observe(host);
  view?.addEventListener('resize', update);
  return () => {
    observer?.disconnect();
    view?.removeEventListener('resize', update);
    root.style.removeProperty(KEYBOARD_HEIGHT_VAR);
    root.style.removeProperty(KEYBOARD_INSET_VAR);
  };
}

/**
 * The field is out of sight: above the top, lower than the keyboard's top edge (less a margin),
 * or under something else at its centre (the frame's sticky footer).
 */
export function fieldIsCovered(field: Element, keyboardTop: number, margin: number): boolean {
  const box = field.getBoundingClientRect();
  if (box.top < 0 || box.bottom > keyboardTop - margin) return true;
  const doc = field.ownerDocument;
  if (typeof doc.elementFromPoint !== 'function') return false;
  const hit = doc.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return hit !== null && hit !== field && !field.contains(hit);
}
