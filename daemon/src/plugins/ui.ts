import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDaemonPath } from './error-handler.js';

/**
 * Serves the built UI (kiosk-ui/dist) so one process and one port is the whole kiosk.
 *
 * - /assets/* are content-hashed by Vite: cached as immutable. index.html is never cached, so a
 *   new build shows on the next reload.
 * - History-mode routing: any other GET outside the daemon's own prefixes gets index.html, so
 *   /{facId} and unknown paths load the UI, which shows its own unavailable page.
 * - /time/ (shell spec §2): a browser (Accept: text/html) gets the UI's time screen; anything else
 *   (curl, a monitoring probe, a test) gets the epoch seconds as text/plain straight from the daemon.
 * - Security headers on every UI response (not on /api: the proxy's hot path stays lean).
 * - No index.html in the UI directory: a clear 503 page says the UI is not built.
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
  const origins = [sandboxOrigin, ...contentOrigins].filter((origin): origin is string => Boolean(origin));
  const sandbox = origins.length ? ` ${origins.join(' ')}` : '';
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
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

function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return accept !== undefined && accept.includes('text/html');
}

export default fp(
  async (app) => {
    const { uiDir } = app.config;
    const headers = securityHeaders(app.config.sandboxOrigin, app.config.contentOrigins);
    const built = uiDir !== '' && existsSync(join(uiDir, 'index.html'));
    if (!built) app.log.warn({ uiDir }, 'kiosk UI not built: no index.html (run npm run build)');

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

    const sendIndex = (reply: FastifyReply): FastifyReply => {
      reply.headers(headers);
      if (!built)
        return reply.code(503).header('cache-control', NO_CACHE).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
      return reply.header('cache-control', NO_CACHE).sendFile('index.html');
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
      return sendIndex(reply);
    });
  },
  { name: 'ui', fastify: '5.x', dependencies: ['error-handler'] },
);
