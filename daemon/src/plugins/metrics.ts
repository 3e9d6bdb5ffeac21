import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Prometheus metrics of this daemon, one registry per app instance (tests build many apps).
 * Every plugin records into `app.metrics`; the support listener serves `registry.metrics()`.
 */
export interface KioskMetrics {
  registry: Registry;
  proxyRequests: Counter<'route' | 'method' | 'status'>;
  proxyLatency: Histogram<'route'>;
  upstreamErrors: Counter<'route' | 'kind'>;
  readerUp: Gauge;
  swipes: Counter<'outcome'>;
  logEvents: Counter<'stage'>;
  spoolBytes: Gauge;
  wsClients: Gauge;
  sessionsEnded: Counter<'reason'>;
  holdsReleased: Counter<'reason'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: KioskMetrics;
  }
}

export function createMetrics(): KioskMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ app: 'kiosk_daemon' });
  collectDefaultMetrics({ register: registry, prefix: 'kiosk_' });
  return {
    registry,
    proxyRequests: new Counter({
      name: 'kiosk_proxy_requests_total',
      help: 'Requests through the operator-API proxy, by allow-listed route, method and status',
      labelNames: ['route', 'method', 'status'],
      registers: [registry],
    }),
    proxyLatency: new Histogram({
      name: 'kiosk_proxy_request_duration_seconds',
      help: 'Time from request to upstream response headers, by route',
      labelNames: ['route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    upstreamErrors: new Counter({
      name: 'kiosk_upstream_errors_total',
      help: 'Operator-API calls that failed: kind is down, timeout, failed (a 5xx answer) or unreadable (not JSON, cut short)',
      labelNames: ['route', 'kind'],
      registers: [registry],
    }),
    readerUp: new Gauge({
      name: 'kiosk_card_reader_up',
      help: '1 when the card reader reported OK at the last health check, 0 otherwise',
      registers: [registry],
    }),
    swipes: new Counter({
      name: 'kiosk_card_swipes_total',
      help: 'Card swipes by outcome',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    logEvents: new Counter({
      name: 'kiosk_log_events_total',
      help: 'UI log events by stage: accepted, shipped, spooled, dropped, rejected',
      labelNames: ['stage'],
      registers: [registry],
    }),
    spoolBytes: new Gauge({
      name: 'kiosk_log_spool_bytes',
      help: 'Bytes of log batches waiting on disk for the logging app',
      registers: [registry],
    }),
    wsClients: new Gauge({
      name: 'kiosk_websocket_clients',
      help: 'Open /events WebSocket connections',
      registers: [registry],
    }),
    sessionsEnded: new Counter({
      name: 'kiosk_sessions_ended_total',
      help: 'Kiosk sessions ended, by reason',
      labelNames: ['reason'],
      registers: [registry],
    }),
    holdsReleased: new Counter({
      name: 'kiosk_holds_released_total',
      help: 'Held spaces released by the daemon, by reason',
      labelNames: ['reason'],
      registers: [registry],
    }),
  };
}

export default fp(
  async (app) => {
    app.decorate('metrics', createMetrics());
  },
  { name: 'metrics', fastify: '5.x' },
);
