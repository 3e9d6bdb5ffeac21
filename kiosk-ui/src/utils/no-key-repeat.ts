/**
 * A key held down acts once. The kiosk provides no key repeat (Section 508 407.4, EN 301 549 5.7:
 * where repeat is provided it must be slow enough for a visitor with a tremor, at least 2 s), so a
 * keypad key or a button's Enter held a moment too long never answers twice, types a digit twice
 * or skips a step. The repeated key presses the system sends while a key is held are cancelled
 * before anything on the page sees them: installed first (main.tsx), so no key handler checks
 * `repeat` itself.
 */
export function preventKeyRepeat(win: Window): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (!event.repeat) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  win.addEventListener('keydown', onKeyDown, true);
  return () => win.removeEventListener('keydown', onKeyDown, true);
}
