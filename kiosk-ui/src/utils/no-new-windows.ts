/**
 * The kiosk is one window. A second one (window.open, a link with target="_blank") would be a
 * full browser window over the kiosk with no way back for the visitor, so the kiosk page opens
 * none: window.open answers null (as a blocked pop-up does) and a link that names another window
 * does nothing. Frames cannot open windows either (their sandbox has no allow-popups), and the
 * managed policy blocks pop-ups and every foreign address on top of this.
 */
const SAME_WINDOW = new Set(['', '_self', '_top', '_parent']);

export function preventNewWindows(win: Window): () => void {
  const open = win.open;
  win.open = () => null;
  const onClick = (event: MouseEvent) => {
    const target = event.target as Element | null;
    const link = target?.closest?.('a[href], area[href]') as HTMLAnchorElement | HTMLAreaElement | null | undefined;
    if (link && !SAME_WINDOW.has(link.target.toLowerCase())) event.preventDefault();
  };
  win.addEventListener('click', onClick, true);
  return () => {
    win.open = open;
    win.removeEventListener('click', onClick, true);
  };
}
