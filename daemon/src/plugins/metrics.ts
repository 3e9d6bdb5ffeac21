import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { API_ROUTES, type ServerEventOf, type SessionEndReason } from '@kiosk/shared-types';
import type { LogStage } from '../logs/pipeline.js';
import { buildInfo } from '../build-info.js';
import type { DaemonConfig } from '../config.js';

/**
 * Prometheus metrics of this daemon, one registry per app instance (tests build many apps).
 * Every plugin records into `app.metrics`; each device adds its own metrics to `registry` in its
 * folder (devices/<device>/); the support listener serves `registry.metrics()`.
 *
 * Counters with a label start at 0 for every value the label can take, so the first failure after
 * a start is an increase Prometheus can see (a series that appears at 1 has no increase).
 */
export interface KioskMetrics {
  registry: Registry;
  proxyRequests: Counter<'route' | 'method' | 'status'>;
  proxyLatency: Histogram<'route'>;
  upstreamErrors: Counter<'route' | 'kind'>;
  /** Epoch seconds of the last operator-API answer that was not a 5xx (0 = none since start). */
  upstreamLastSuccess: Gauge;
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

/** Every value of each label, as records so the compiler says when a new value is left out. */
const LOG_STAGES: Record<LogStage | 'rejected', null> = {
  accepted: null,
  spooled: null,
  shipped: null,
  dropped: null,
  discarded: null,
  lost: null,
  rejected: null,
};
const SESSION_END_REASONS: Record<SessionEndReason, null> = { idle: null, logout: null, finished: null, expired: null };
const HOLD_RELEASE_REASONS: Record<ServerEventOf<'hold-released'>['reason'], null> = {
  'session-ended': null,
  expired: null,
  'left-screen': null,
  replaced: null,
};
const UPSTREAM_ERROR_KINDS = ['down', 'timeout', 'failed', 'unreadable'] as const;

/**
 * prom-client's totals of active handles, requests and resources are gauges named like counters
 * (`_total`), which `promtool check metrics` rejects; the same figures by type stay
 * (kiosk_nodejs_active_handles etc.), and sum() over them gives the totals.
 */
const MISNAMED_DEFAULTS = [
  'kiosk_nodejs_active_handles_total',
  'kiosk_nodejs_active_requests_total',
  'kiosk_nodejs_active_resources_total',
];

/** Start a labelled counter at 0 for each given label set. */
export function startAtZero<L extends string>(counter: Counter<L>, labelSets: Array<Partial<Record<L, string>>>): void {
  for (const labels of labelSets) counter.inc(labels, 0);
}

/** What this kiosk is, as the fleet sees it: its release stage, and whether it runs the sandbox. */
type KioskIdentity = Pick<DaemonConfig, 'releaseStage' | 'sandbox'>;

export function createMetrics(kiosk: KioskIdentity = { releaseStage: 'production', sandbox: false }): KioskMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ app: 'kiosk_daemon' });
  collectDefaultMetrics({ register: registry, prefix: 'kiosk_' });
  for (const name of MISNAMED_DEFAULTS) registry.removeSingleMetric(name);

  const build = buildInfo();
  new Gauge({
    name: 'kiosk_build_info',
    help: 'Always 1: the daemon version, source commit and release stage (KIOSK_RELEASE_STAGE) this kiosk runs',
    labelNames: ['version', 'commit', 'release_stage'],
    registers: [registry],
  }).set({ version: build.version, commit: build.commit, release_stage: kiosk.releaseStage }, 1);
  new Gauge({
    name: 'kiosk_sandbox_mode',
    help: '1 when the kiosk runs as a demo (KIOSK_SANDBOX=on): embedded sandbox or simulated devices, no real rentals or payments',
    registers: [registry],
  }).set(kiosk.sandbox ? 1 : 0);

  const metrics: KioskMetrics = {
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
    upstreamLastSuccess: new Gauge({
      name: 'kiosk_upstream_last_success_timestamp_seconds',
      help: 'When the operator API last answered without a server error (epoch seconds; 0 = not since start)',
      registers: [registry],
    }),
    logEvents: new Counter({
      name: 'kiosk_log_events_total',
      help: 'UI log events by stage: accepted, shipped, spooled, dropped, discarded, lost (the spool could not be written), rejected',
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
  metrics.upstreamLastSuccess.set(0);
  startAtZero(
    metrics.upstreamErrors,
    Object.keys(API_ROUTES).flatMap((route) => UPSTREAM_ERROR_KINDS.map((kind) => ({ route, kind }))),
  );
  startAtZero(
    metrics.logEvents,
    Object.keys(LOG_STAGES).map((stage) => ({ stage })),
  );
  startAtZero(
    metrics.sessionsEnded,
    Object.keys(SESSION_END_REASONS).map((reason) => ({ reason })),
  );
  startAtZero(
    metrics.holdsReleased,
    Object.keys(HOLD_RELEASE_REASONS).map((reason) => ({ reason })),
  );
  return metrics;
}

export default fp(
  async (app) => {
    app.decorate('metrics', createMetrics(app.config));
  },
  { name: 'metrics', fastify: '5.x' },
);
