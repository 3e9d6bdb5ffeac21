import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { isDaemonPath } from './error-handler.js';

/**
 * Nothing about a visitor may stay in the kiosk browser's disk cache, where the next visitor's
 * session (or anyone with the PC) could read it back: every answer of the daemon's own services and
 * of the operator proxy (/api, /session, /device, /log, /events) and every HTML page (index.html
 * carries the facility's first paint and preloads) goes out with `Cache-Control: no-store`,
 * whatever the operator's API sent. The content-hashed UI assets keep their long caching: they
 * hold no visitor data.
 *
 * An onSend hook of its own, so the proxy's hot path and its header rules stay as they are.
 */

export const NO_STORE = 'no-store';

/** Whether an answer to this request path with this content type must never be stored. */
export function mustNotBeStored(url: string, contentType: unknown): boolean {
  return isDaemonPath(url) || (typeof contentType === 'string' && contentType.startsWith('text/html'));
}

function noStoreOnUpgrade(app: FastifyInstance): void {
  // The /events upgrade is answered by the WebSocket server, not by a Fastify reply.
  app.websocketServer?.on('headers', (headers: string[]) => {
    headers.push(`Cache-Control: ${NO_STORE}`);
  });
}

export default fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (mustNotBeStored(request.url, reply.getHeader('content-type'))) reply.header('cache-control', NO_STORE);
      return payload;
    });
    app.addHook('onReady', async () => noStoreOnUpgrade(app));
  },
  { name: 'no-store', fastify: '5.x' },
);
