import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter } from 'prom-client';
import { daemonVersion } from '../build-info.js';
import { pageContentOrigins } from '../config.js';
import { sendDaemonError } from './error-handler.js';
import { isAllowedOrigin } from './origin.js';
import { devicesHealth } from '../devices/registry.js';

export { isAllowedOrigin } from './origin.js';
import {
  SESSION,
  parseClientEvent,
  type ClientEvent,
  type DeviceStatus,
  type ServerEvent,
  type SessionSnapshot,
} from '@kiosk/shared-types';

/**
 * GET /events: the WebSocket the UI listens on (protocol in shared-types/src/events.ts).
 * Only the daemon's own origin may connect; dead sockets are found by ping/pong and dropped.
 */
export interface EventsService {
  broadcast(e: ServerEvent): void;
  /** `client` tells connections apart (the same object for every message of one socket). */
  onClientEvent(l: (e: ClientEvent, client: object) => void): () => void;
  onClientClosed(l: (client: object) => void): () => void;
  clientCount(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    events: EventsService;
  }
}

/** The parts of a ws socket used here (the ws package ships no type declarations in this repo). */
interface WebSocket {
  readonly readyState: number;
  readonly OPEN: number;
  readonly CLOSED: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  ping(): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): unknown;
  on(event: 'pong' | 'close', listener: () => void): unknown;
  once(event: 'close', listener: () => void): unknown;
}

export interface EventsOptions {
  /** Ping interval; a socket that has not answered the previous ping by the next one is terminated. */
  heartbeatMs?: number;
  /** Interval of the server-time broadcast (the UI's clock for countdowns). */
  serverTimeMs?: number;
}

/** How long clients get to answer the close handshake on shutdown before they are terminated. */
const CLOSE_GRACE_MS = 1000;
/** A client that cannot keep up (a frozen tab) is dropped rather than buffering without bound. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

const defaultSnapshot = (): SessionSnapshot => ({
  active: false,
  traceId: null,
  secondsLeft: SESSION.expirySeconds,
  warning: false,
  resetSecondsLeft: null,
});

/** Session and card reader are registered after this plugin, so they are looked up per connection. */
function sessionSnapshot(app: FastifyInstance): SessionSnapshot {
  if (!app.hasDecorator('session')) return defaultSnapshot();
  return (app as unknown as { session: { snapshot(): SessionSnapshot } }).session.snapshot();
}

function readerStatus(app: FastifyInstance): DeviceStatus {
  return devicesHealth(app).card_reader?.status ?? 'unknown';
}

export default fp<EventsOptions>(
  async (app, options) => {
    const heartbeatMs = options.heartbeatMs ?? 15_000;
    const serverTimeMs = options.serverTimeMs ?? 30_000;
    if (!(heartbeatMs > 0) || !(serverTimeMs > 0))
      throw new Error('events: heartbeatMs and serverTimeMs must be positive');

    const version = daemonVersion();
    const clients = new Set<WebSocket>();
    const alive = new WeakMap<WebSocket, boolean>();
    const listeners = new Set<(e: ClientEvent, client: object) => void>();
    const closeListeners = new Set<(client: object) => void>();
    const refused = new Counter({
      name: 'kiosk_websocket_refused_total',
      help: 'WebSocket upgrades on /events refused because of their Origin',
      registers: [app.metrics.registry],
    });
    const log = app.log.child({ component: 'events' });

    function updateGauge(): void {
      app.metrics.wsClients.set(clients.size);
    }

    function send(socket: WebSocket, payload: string): void {
      if (socket.readyState !== socket.OPEN) return;
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        log.warn('dropping a WebSocket client that stopped reading');
        socket.terminate();
        return;
      }
      socket.send(payload);
    }

    const service: EventsService = {
      broadcast(event) {
        const payload = JSON.stringify(event);
        for (const socket of clients) send(socket, payload);
      },
      onClientEvent(listener) {
        listeners.add(listener);
        return () => {
          listeners.delete(listener);
        };
      },
      onClientClosed(listener) {
        closeListeners.add(listener);
        return () => {
          closeListeners.delete(listener);
        };
      },
      clientCount: () => clients.size,
    };
    app.decorate('events', service);

    // Registered before @fastify/websocket's own preClose so clients get a proper 1001 "going away"
    // and a short grace, instead of waiting out ws's 30 s close timeout on a dead client.
    app.addHook('preClose', async () => {
      if (clients.size === 0) return;
      const closed = [...clients].map(
        (socket) =>
          new Promise<void>((resolve) => {
            if (socket.readyState === socket.CLOSED) return resolve();
            socket.once('close', () => resolve());
            socket.close(1001, 'kiosk daemon shutting down');
          }),
      );
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(closed),
        new Promise<void>((resolve) => (grace = setTimeout(resolve, CLOSE_GRACE_MS))),
      ]);
      clearTimeout(grace);
      for (const socket of clients) socket.terminate();
    });

    await app.register(websocket, { options: { maxPayload: 16 * 1024 } });

    let heartbeat: NodeJS.Timeout | undefined;
    let serverTime: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      heartbeat = setInterval(() => {
        for (const socket of clients) {
          if (alive.get(socket) === false) {
            socket.terminate();
            continue;
          }
          alive.set(socket, false);
          socket.ping();
        }
      }, heartbeatMs);
      heartbeat.unref();
      serverTime = setInterval(() => {
        service.broadcast({ type: 'server-time', epochSeconds: Math.floor(Date.now() / 1000) });
      }, serverTimeMs);
      serverTime.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(heartbeat);
      clearInterval(serverTime);
    });

    async function checkOrigin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      if (isAllowedOrigin(request.headers.origin, request.headers.host, app.config)) return;
      refused.inc();
      log.warn({ origin: request.headers.origin }, 'refused a WebSocket from a foreign origin');
      await sendDaemonError(reply, 403, 'This origin may not open the kiosk event stream.');
    }

    app.get('/events', { websocket: true, preValidation: checkOrigin }, (socket: WebSocket) => {
      // Listeners first, synchronously: a message arriving while this handler awaited would be lost.
      clients.add(socket);
      alive.set(socket, true);
      updateGauge();
      socket.on('pong', () => alive.set(socket, true));
      socket.on('message', (data, isBinary) => {
        alive.set(socket, true);
        if (isBinary) return;
        const event = parseClientEvent(data.toString());
        if (event === undefined) return;
        for (const listener of listeners) {
          try {
            listener(event, socket);
          } catch (error) {
            log.error(
              { err: error instanceof Error ? error.message : String(error), type: event.type },
              'client event listener failed',
            );
          }
        }
      });
      socket.on('close', () => {
        clients.delete(socket);
        updateGauge();
        for (const listener of closeListeners) listener(socket);
      });

      const hello: ServerEvent = {
        type: 'hello',
        serverTime: Date.now(),
        session: sessionSnapshot(app),
        reader: readerStatus(app),
        version,
        contentOrigins: pageContentOrigins(app.config),
        sandbox: app.config.sandbox,
      };
      send(socket, JSON.stringify(hello));
    });
  },
  { name: 'events', fastify: '5.x', dependencies: ['metrics'] },
);
