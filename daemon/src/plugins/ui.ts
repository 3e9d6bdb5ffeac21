import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { SANDBOX_PAGE_META, buildApiPath, facilitySettingsQuery } from '@kiosk/shared-types';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pageContentOrigins } from '../config.js';
import { isDaemonPath } from './error-handler.js';
import { createFirstPaintCache, escapeHtml, FIRST_PAINT_TAP_SCRIPT_SOURCE, withFirstPaint } from './first-paint.js';

/**
 * Serves the built UI (kiosk-ui/dist) so one process and one port is the whole kiosk.
 *
 * - /assets/* are content-hashed by Vite: cached as immutable. index.html is never cached, so a
 *   new build shows on the next reload (and never stored at all: no-store.ts).
 * - History-mode routing: any other GET outside the daemon's own prefixes gets index.html, so
 *   /{facId} and unknown paths load the UI, which shows its own unavailable page.
 * - /time/ (shell spec §2): a browser (Accept: text/html) gets the UI's time screen; anything else
 *   (curl, a monitoring probe, a test) gets the epoch seconds as text/plain straight from the daemon.
 * - Security headers on every UI response (not on /api: the proxy's hot path stays lean).
 * - No index.html in the UI directory: a clear 503 page says the UI is not built.
 * - /{facId}: index.html gets `<link rel="preload" as="fetch">` for the calls the shell waits for
 *   before its first screen, so they run while the bundle downloads and parses (the welcome LCP bar, docs/performance.md),
 *   and, for the kiosk's own facility, the welcome screen's first paint (first-paint.ts).
 */

/**
 * Content the UI loads from elsewhere: the sandbox (or, in production, the operator's signing,
 * identity-upload and media hosts named in KIOSK_CONTENT_ORIGINS). Images, video, frames and the
 * identity upload (a browser POST to the upload URL) are allowed from those origins only.
 */
export function securityHeaders(
  sandboxOrigin: string | null | undefined,
  contentOrigins: readonly string[] = [],
): Record<string, string> {
  const origins = pageContentOrigins({ sandboxOrigin, contentOrigins: [...contentOrigins] });
  const sandbox = origins.length ? ` ${origins.join(' ')}` : '';
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${FIRST_PAINT_TAP_SCRIPT_SOURCE}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${sandbox}`,
    `media-src 'self' blob:${sandbox}`,
    `frame-src 'self'${sandbox}`,
    `connect-src 'self' ws: wss:${sandbox}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'SAMEORIGIN',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=()',
  };
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Kiosk UI not built</title></head>
<body style="font-family: sans-serif; padding: 3rem">
<h1>The kiosk UI is not built</h1>
<p>The daemon is running, but it found no index.html in its UI directory.</p>
<p>Run <code>npm run build</code> in the repository, or set KIOSK_UI_DIR to the built UI, then reload.</p>
</body></html>
`;

/** The UI's facility-id rule (kiosk-ui/src/router.ts FACILITY_ID): one plain path segment. */
const FACILITY_ID = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}$/;
/** Single-segment paths the UI routes to its own screens, not to a facility. */
const NOT_FACILITIES = new Set(['time', 'unavailable']);

/** The facility a page path names (`/demo`, `/demo/`), as the UI's router reads it; else null. */
export function facilityOfPath(url: string): string | null {
  const segments = url
    .split(/[?#]/, 1)[0]!
    .split('/')
    .filter((segment) => segment !== '');
  if (segments.length !== 1) return null;
  let facilityId: string;
  try {
    facilityId = decodeURIComponent(segments[0]!);
  } catch {
    return null;
  }
  return FACILITY_ID.test(facilityId) && !NOT_FACILITIES.has(facilityId) ? facilityId : null;
}

/**
 * Preload links for the calls ConfigStore.load makes before the shell shows anything. The URLs
 * are built exactly as the UI's ApiClient builds them (same path encoding, same query order) and
 * fetched in the same mode (`crossorigin="anonymous"` = cors, same-origin credentials, like a
 * plain fetch()): Chromium only hands a preloaded response to a fetch that matches it.
 * Capabilities needs the owner id from the configuration, so it cannot be preloaded.
 */
export function preloadLinks(facilityId: string): string {
  const facility = { facility: facilityId };
  const query = new URLSearchParams(facilitySettingsQuery(facilityId)).toString();
  const urls = [
    `/api/${buildApiPath('configuration', facility)}`,
    `/api/${buildApiPath('facility', facility)}?${query}`,
    `/api/${buildApiPath('nonInteractiveAgreements', facility)}`,
  ];
  return urls
    .map((url) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(url)}">`)
    .join('');
}

/** index.html with the facility's preload links (and a demo kiosk's meta) at the end of its head. */
export function withPreloads(html: string, facilityId: string, sandbox = false): string {
  const links = preloadLinks(facilityId) + (sandbox ? `<meta name="${SANDBOX_PAGE_META}" content="on">` : '');
  const head = html.indexOf('</head>');
  if (head !== -1) return `${html.slice(0, head)}${links}${html.slice(head)}`;
  const doctype = /^<!doctype html>/i.exec(html);
  return doctype ? `${doctype[0]}${links}${html.slice(doctype[0].length)}` : `${links}${html}`;
}

function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return accept !== undefined && accept.includes('text/html');
}

export default fp(
  async (app) => {
    // A relative KIOSK_UI_DIR is taken from the daemon's working directory, as KIOSK_SPOOL_DIR is.
    const uiDir = app.config.uiDir === '' ? '' : resolve(app.config.uiDir);
    const headers = securityHeaders(app.config.sandboxOrigin, app.config.contentOrigins);
    const built = uiDir !== '' && existsSync(join(uiDir, 'index.html'));
    if (!built) app.log.warn({ uiDir }, 'kiosk UI not built: no index.html (run npm run build)');
    const { facilityId } = app.config;
    const firstPaint = createFirstPaintCache(
      facilityId,
      app.upstream,
      app.log,
      Date.now,
      (settings) => void app.facilityState.remember(facilityId, settings),
      app.config.sandbox,
    );
    // Not awaited: the kiosk serves pages at once; the first paint joins them when it is fetched.
    if (built)
      app.addHook('onReady', async () => {
        void firstPaint.warm();
      });

    if (built) {
      await app.register(fastifyStatic, {
        root: uiDir,
        // Routes for the files that exist; the SPA fallback below handles every other path.
        wildcard: false,
        cacheControl: false,
        setHeaders: (reply, path) => {
          reply.headers(headers);
          reply.header('cache-control', path.includes('/assets/') ? IMMUTABLE : NO_CACHE);
        },
      });
    }

    const sendIndex = async (reply: FastifyReply, facilityId: string | null = null): Promise<FastifyReply> => {
      reply.headers(headers);
      if (!built)
        return reply.code(503).header('cache-control', NO_CACHE).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
      if (facilityId === null) return reply.header('cache-control', NO_CACHE).sendFile('index.html');
      // Read per request (a few hundred bytes): a rebuilt UI shows on the next reload, as before.
      const html = await readFile(join(uiDir, 'index.html'), 'utf8');
      return reply
        .header('cache-control', NO_CACHE)
        .type('text/html; charset=utf-8')
        .send(withFirstPaint(withPreloads(html, facilityId, app.config.sandbox), firstPaint.markupFor(facilityId)));
    };

    const time = async (request: FastifyRequest, reply: FastifyReply) => {
      if (wantsHtml(request)) return sendIndex(reply);
      return reply
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send(String(Math.floor(Date.now() / 1000)));
    };
    app.get('/time', time);
    app.get('/time/', time);

    if (!built) app.get('/', async (_request, reply) => sendIndex(reply));

    app.get('/*', async (request, reply) => {
      const url = request.url;
      // A missing hashed asset must not be answered with HTML.
      if (isDaemonPath(url) || url.startsWith('/assets/')) return reply.callNotFound();
      // The kiosk browser loading its page afresh (a reload, a restart): the page knows nobody, so
      // neither does the daemon. A page of another site framing this one is not a reload.
      const fetchSite = request.headers['sec-fetch-site'];
      if (request.headers['sec-fetch-mode'] === 'navigate' && (fetchSite === 'none' || fetchSite === 'same-origin'))
        app.visit.end();
      return sendIndex(reply, facilityOfPath(url));
    });
  },
  { name: 'ui', fastify: '5.x', dependencies: ['error-handler', 'upstream', 'facility-state', 'visit'] },
);
