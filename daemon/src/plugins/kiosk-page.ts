import fp from 'fastify-plugin';
import { Counter } from 'prom-client';
import type { IncomingHttpHeaders } from 'node:http';
import {
  KIOSK_PAGE_HEADER,
  KIOSK_PAGE_HEADER_VALUE,
  PUBLIC_API_READS,
  matchApiRoute,
  type ApiRouteName,
} from '@kiosk/shared-types';
import { sendDaemonError } from './error-handler.js';
import { startAtZero } from './metrics.js';
import { isOwnHost, isSameOrigin } from './origin.js';

/**
 * Only the kiosk's own page can call the daemon (docs/security.md, "Only the kiosk's page can
 * call"). The daemon adds the operator's API key to what it forwards, and the kiosk browser also
 * shows other sites (the operator's signing and identity pages, media hosts): a form post or a
 * no-cors fetch from any of them needs no CORS preflight and would reach the daemon with the
 * browser's ordinary headers. So every state-changing call, and every read of a visitor's data,
 * must show:
 *
 * - the kiosk's own Host (a loopback name or KIOSK_HOST, any port): a DNS-rebinding page names its
 *   own host;
 * - an Origin that is `http://<Host>`, when one is sent;
 * - a Sec-Fetch-Site of `same-origin` or `none`, when one is sent;
 * - KIOSK_PAGE_HEADER, which no other page can add without a preflight the daemon never answers
 *   with a CORS allowance (OPTIONS is refused here like any other method).
 *
 * The facility's public reads that index.html preloads (PUBLIC_API_READS) cannot carry a header
 * and need only the first three. Static files, the UI's pages, /events (it checks its own origin),
 * /time and the device and display status reads are open. A refusal is a 403 before any work.
 */

export type PageRefusal = 'foreign-host' | 'cross-origin' | 'not-kiosk-page';

const REFUSALS: Record<PageRefusal, string> = {
  'foreign-host': "Only the kiosk's own page may call the kiosk service: this request names another host.",
  'cross-origin': "Only the kiosk's own page may call the kiosk service: this request comes from another site.",
  'not-kiosk-page': "Only the kiosk's own page may call the kiosk service.",
};

const PUBLIC_READS: ReadonlySet<ApiRouteName> = new Set(PUBLIC_API_READS);

/** Route patterns of reads that answer a visitor's data: the proxy, outbox jobs, held spaces. */
const PERSONAL_READ_ROUTES = new Set(['/api/*', '/outbox/jobs/:key', '/session/holds']);
const PERSONAL_READ_PREFIXES = ['/api/', '/outbox/', '/session/'];

function pathOf(url: string): string {
  const queryAt = url.indexOf('?');
  return queryAt === -1 ? url : url.slice(0, queryAt);
}

/** The public /api read this raw URL is, as the proxy reads its path; else undefined. */
function publicRead(url: string): ApiRouteName | undefined {
  if (!url.startsWith('/api/')) return undefined;
  const route = matchApiRoute('GET', pathOf(url).slice('/api/'.length));
  return route !== undefined && PUBLIC_READS.has(route) ? route : undefined;
}

/**
 * Whether a request is one the guard lets anyone make: a read (GET, HEAD) of something other than
 * the proxy, outbox jobs and held spaces. The route pattern it matched counts as well as its path:
 * the router decodes `/%61pi/…` to the proxy's `/api/*`.
 */
export function isOpen(method: string, url: string, route: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (route !== undefined && PERSONAL_READ_ROUTES.has(route)) return false;
  const path = pathOf(url);
  return path !== '/api' && !PERSONAL_READ_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** The call's name or the route's pattern, never the path: paths carry phone numbers and ids. */
function routeForLog(method: string, url: string, route: string | undefined): string {
  const call = url.startsWith('/api/') ? matchApiRoute(method, pathOf(url).slice('/api/'.length)) : undefined;
  return call ?? route ?? 'none';
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Why a request that is not open (isOpen) is refused; undefined when it may pass. */
export function refusalOf(
  method: string,
  url: string,
  headers: IncomingHttpHeaders,
  config: { host: string },
): PageRefusal | undefined {
  const host = headers.host;
  if (host === undefined || !isOwnHost(host, config)) return 'foreign-host';
  const origin = single(headers.origin);
  if (origin !== undefined && !isSameOrigin(origin, host)) return 'cross-origin';
  const site = single(headers['sec-fetch-site']);
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return 'cross-origin';
  if (single(headers[KIOSK_PAGE_HEADER]) === KIOSK_PAGE_HEADER_VALUE) return undefined;
  // Looked up last, and only without the header: the page's own calls skip the allow-list walk.
  if ((method === 'GET' || method === 'HEAD') && publicRead(url) !== undefined) return undefined;
  return 'not-kiosk-page';
}

export default fp(
  async (app) => {
    const refused = new Counter({
      name: 'kiosk_request_refused_total',
      help: "Requests to the UI listener refused as not from the kiosk's own page, by reason (foreign-host, cross-origin, not-kiosk-page)",
      labelNames: ['reason'],
      registers: [app.metrics.registry],
    });
    startAtZero(
      refused,
      Object.keys(REFUSALS).map((reason) => ({ reason })),
    );
    const config = app.config;

    app.addHook('onRequest', async (request, reply) => {
      const route = request.routeOptions.url;
      if (isOpen(request.method, request.url, route)) return;
      const reason = refusalOf(request.method, request.url, request.headers, config);
      if (reason === undefined) return;
      refused.inc({ reason });
      request.log.warn(
        {
          reason,
          method: request.method,
          route: routeForLog(request.method, request.url, route),
          host: request.headers.host?.slice(0, 200),
          origin: single(request.headers.origin)?.slice(0, 200),
          secFetchSite: single(request.headers['sec-fetch-site'])?.slice(0, 40),
        },
        "refused a request not from the kiosk's own page",
      );
      return sendDaemonError(reply, 403, REFUSALS[reason], reason);
    });
  },
  { name: 'kiosk-page', fastify: '5.x', dependencies: ['error-handler', 'metrics'] },
);
