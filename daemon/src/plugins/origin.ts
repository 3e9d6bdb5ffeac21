/** Whether a request comes from the kiosk's own page (the /events WebSocket, the speech routes). */

const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Whether a WebSocket upgrade may proceed. Browsers always send Origin; it must be the daemon's own
 * origin (`http://<Host>`) or one configured in allowedOrigins. The Host itself must be a loopback
 * name or the configured listen host, so a page on another site whose name resolves to 127.0.0.1
 * (DNS rebinding) cannot pass as "own origin". A request with no Origin at all is not from a web
 * page (curl, a test, a support tool on the PC) and is allowed.
 */
export function isAllowedOrigin(
  origin: string | undefined,
  host: string | undefined,
  config: { host: string; allowedOrigins: string[] },
): boolean {
  if (origin === undefined) return true;
  if (config.allowedOrigins.includes(origin)) return true;
  if (host === undefined || host === '') return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return false;
  }
  if (!LOOPBACK_HOSTNAMES.has(hostname) && hostname !== config.host) return false;
  return origin === `http://${host}`;
}
