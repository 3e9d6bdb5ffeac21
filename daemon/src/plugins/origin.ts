/**
 * Whether a request comes from the kiosk's own page: the Host it names and the Origin it carries
 * (the /events WebSocket, the speech routes, and every call kiosk-page.ts guards).
 */

const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A Host header: a name or IPv4 address, or a bracketed IPv6 address, and an optional port. */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i;

/**
 * Whether a Host header names the kiosk itself: a loopback name or the configured listen host
 * (KIOSK_HOST), with any port. A page on another site whose name resolves to 127.0.0.1 (DNS
 * rebinding) reaches the daemon with its own name in Host, and so is not the kiosk.
 */
export function isOwnHost(host: string | undefined, config: { host: string }): boolean {
  if (host === undefined) return false;
  const hostname = HOST_HEADER.exec(host)?.[1]?.toLowerCase();
  if (hostname === undefined) return false;
  const listening = config.host.toLowerCase();
  return LOOPBACK_HOSTNAMES.has(hostname) || hostname === listening || hostname === `[${listening}]`;
}

/** Whether an Origin header is the daemon's own origin as the request's Host names it (`http://<Host>`). */
export function isSameOrigin(origin: string, host: string): boolean {
  try {
    return origin === new URL(`http://${host}`).origin;
  } catch {
    return false;
  }
}

/**
 * Whether a WebSocket upgrade may proceed. Browsers always send Origin; it must be the daemon's own
 * origin (`http://<Host>`) on the kiosk's own Host (isOwnHost), or one configured in
 * allowedOrigins. A request with no Origin at all is not from a web page (curl, a test, a support
 * tool on the PC) and is allowed.
 */
export function isAllowedOrigin(
  origin: string | undefined,
  host: string | undefined,
  config: { host: string; allowedOrigins: string[] },
): boolean {
  if (origin === undefined) return true;
  if (config.allowedOrigins.includes(origin)) return true;
  if (host === undefined || !isOwnHost(host, config)) return false;
  return isSameOrigin(origin, host);
}
