import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ClientEvent, ServerEvent } from '@kiosk/shared-types';
import errorHandler, { frameworkErrors } from '../plugins/error-handler.js';
import metrics from '../plugins/metrics.js';
import upstream from '../plugins/upstream.js';
import facilityState from '../plugins/facility-state.js';
import session from '../plugins/session.js';
import proxy from '../plugins/proxy.js';
import visit from '../plugins/visit.js';
import ui from '../plugins/ui.js';
import type { DaemonConfig } from '../config.js';
import { testConfig } from './build-test-app.js';

/**
 * The daemon core (errors, metrics, upstream, kept facility state, session, proxy, UI) on a bare Fastify instance, with
 * a fake events service standing in for plugins/events.ts: tests of the core do not need the
 * WebSocket, card-reader or log plugins. Whole-app tests use buildTestApp().
 */
export interface FakeEvents {
  /** Everything the daemon pushed, oldest first. */
  sent: ServerEvent[];
  /** Deliver a message as if the UI sent it over the socket. */
  emit(event: ClientEvent): void;
  ofType<T extends ServerEvent['type']>(type: T): Extract<ServerEvent, { type: T }>[];
}

export async function buildCoreApp(
  overrides: Partial<DaemonConfig> = {},
): Promise<{ app: FastifyInstance; events: FakeEvents; config: DaemonConfig }> {
  const config = testConfig(overrides);
  const app = Fastify({
    logger: false,
    bodyLimit: config.bodyLimitBytes,
    forceCloseConnections: true,
    frameworkErrors,
  });
  app.decorate('config', config);
  const listeners = new Set<(event: ClientEvent, client: object) => void>();
  const page = {};
  const events: FakeEvents = {
    sent: [],
    emit: (event) => {
      for (const listener of listeners) listener(event, page);
    },
    ofType: <T extends ServerEvent['type']>(type: T) =>
      events.sent.filter((event): event is Extract<ServerEvent, { type: T }> => event.type === type),
  };
  await app.register(errorHandler);
  await app.register(metrics);
  await app.register(upstream);
  await app.register(facilityState);
  await app.register(
    fp(
      async (instance) => {
        instance.decorate('events', {
          broadcast: (event: ServerEvent) => events.sent.push(event),
          onClientEvent: (listener: (event: ClientEvent, client: object) => void) => {
            listeners.add(listener);
            return () => listeners.delete(listener);
          },
          onClientClosed: () => () => undefined,
          clientCount: () => 0,
        });
      },
      { name: 'events' },
    ),
  );
  await app.register(session);
  await app.register(visit);
  await app.register(proxy);
  await app.register(ui);
  return { app, events, config };
}
