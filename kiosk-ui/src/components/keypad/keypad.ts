/**
 * A USB keypad drives every screen, as at a cash machine: Tab and Shift+Tab walk the controls,
 * Enter presses the focused one, the arrows move between the options of a group or the items of a
 * list, and Escape closes a dialog (Dialog.tsx) or goes back where the screen has Back or Cancel
 * (the button marked `data-keypad-back`). Every step is a real focus change, so screen readers
 * and the kiosk's speech follow it.
 */

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** Containers whose focusable items the arrows walk through. */
const GROUP = [
  '[data-keypad-group]',
  '[role="radiogroup"]',
  '[role="group"]',
  '[role="toolbar"]',
  '[role="tablist"]',
  '[role="list"]',
  '[role="listbox"]',
  '[role="menu"]',
  'fieldset',
  'ul',
  'ol',
  'nav',
].join(', ');

const NEXT = new Set(['ArrowDown', 'ArrowRight']);
const PREVIOUS = new Set(['ArrowUp', 'ArrowLeft']);

/** The on-screen keyboard's keys keep focus in the field being typed into: never a keypad stop. */
function isStop(element: HTMLElement): boolean {
  return (
    element.tabIndex >= 0 &&
    element.closest('[data-pointer-only], [inert]') === null &&
    element.checkVisibility({ visibilityProperty: true })
  );
}

/** An open modal dialog keeps the keypad inside it. */
function scopeOf(document: Document): ParentNode {
  const dialogs = document.querySelectorAll<HTMLElement>('[aria-modal="true"]');
  return dialogs.length > 0 ? dialogs[dialogs.length - 1]! : document;
}

function stopsIn(container: ParentNode): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(isStop);
}

/** Keys a field needs for itself: the caret in a text field, the choice in a select. */
function fieldOwnsArrows(element: Element): boolean {
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement) return !['checkbox', 'button', 'submit', 'reset'].includes(element.type);
  return element instanceof HTMLElement && element.isContentEditable;
}

/** The nearest group around `element` with another stop in it, else the whole screen (or dialog). */
function groupStops(element: HTMLElement, scope: ParentNode): HTMLElement[] {
  let group = element.parentElement?.closest<HTMLElement>(GROUP) ?? null;
  while (group !== null && (scope === group || scope.contains(group))) {
    const stops = stopsIn(group);
    if (stops.length > 1) return stops;
    group = group.parentElement?.closest<HTMLElement>(GROUP) ?? null;
  }
  return stopsIn(scope);
}

function moveFocus(active: HTMLElement, step: 1 | -1, scope: ParentNode): boolean {
  const stops = groupStops(active, scope);
  const at = stops.indexOf(active);
  if (stops.length === 0) return false;
  const next = stops[at === -1 ? 0 : (at + step + stops.length) % stops.length]!;
  next.focus();
  next.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  return true;
}

export function handleKeypadKey(event: KeyboardEvent, document: Document): void {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const scope = scopeOf(document);

  if (NEXT.has(event.key) || PREVIOUS.has(event.key)) {
    if (active !== null && fieldOwnsArrows(active)) return;
    const start = active !== null && scope.contains(active) ? active : null;
    if (start === null) {
      const first = stopsIn(scope)[0];
      if (first === undefined) return;
      event.preventDefault();
      first.focus();
      return;
    }
    if (moveFocus(start, NEXT.has(event.key) ? 1 : -1, scope)) event.preventDefault();
    return;
  }

  if (event.key === 'Enter' && active instanceof HTMLInputElement && ['checkbox', 'radio'].includes(active.type)) {
    // A keypad has no space bar: Enter ticks a box or picks an option.
    event.preventDefault();
    active.click();
    return;
  }

  if (event.key === 'Escape' && scope === document) {
    const back = [...document.querySelectorAll<HTMLElement>('[data-keypad-back]')].find(
      (element) => isStop(element) && !(element as HTMLButtonElement).disabled,
    );
    if (back === undefined) return;
    event.preventDefault();
    back.click();
  }
}

/** Listen on the window, after every handler on the page (a dialog's Escape comes first). */
export function installKeypad(document: Document): () => void {
  const view = document.defaultView;
  if (view === null) return () => undefined;
  const onKeyDown = (event: KeyboardEvent) => handleKeypadKey(event, document);
  view.addEventListener('keydown', onKeyDown);
  return () => view.removeEventListener('keydown', onKeyDown);
}
