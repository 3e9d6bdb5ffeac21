import { isPdfUrl } from './map-layout';

/**
 * Sandboxes of the frames that show operator or third-party content (signing pages, documents,
 * brochures, the facility map and its media). None of them allows pop-ups, new windows or
 * navigating the kiosk page itself (no allow-popups, no allow-top-navigation): a link or a logo in
 * a frame can never take a visitor out of the kiosk. Modal dialogs, downloads and pointer lock stay
 * off too. `allow-same-origin` keeps the content's real origin, which the signing pages' completion
 * message is checked against; it never meets `allow-scripts` on the kiosk's own origin, because
 * this content comes from the operator's hosts (KIOSK_CONTENT_ORIGINS).
 */

/** Documents, brochures, the facility map and its media: their own scripts (players, viewers). */
export const CONTENT_FRAME_SANDBOX = 'allow-scripts allow-same-origin';

/**
 * The sandbox for a frame showing `url`. A PDF gets none: Chromium refuses to show a PDF in any
 * sandboxed frame (its viewer is a plugin, and a sandbox has no token to allow one). A PDF frame
 * is kept in the kiosk by the managed policy instead: only the kiosk's and the operator's origins
 * load, downloads and printing are off, and the viewer shows without its toolbar (#toolbar=0).
 */
export function contentFrameSandbox(url: string): string | undefined {
  return isPdfUrl(url) ? undefined : CONTENT_FRAME_SANDBOX;
}

/** A signing page also submits its form. */
export const SIGNING_FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms';
