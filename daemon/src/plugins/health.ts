import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { Type, type Static, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { configuredSecrets, scrubSecrets } from '../secrets.js';
import { daemonVersion } from '../build-info.js';
import type { ReleaseStage } from '../config.js';
import { DevicesHealth, devicesHealth, neededDevicesUp } from '../devices/registry.js';
import type { SpoolHealth } from '../logs/pipeline.js';
import { ErrorBody, type Assert, type Same } from '../route-schema.js';
import type { UpstreamHealthSnapshot } from './upstream-health.js';
import { sendDaemonError } from './error-handler.js';
import { BUNDLE_RATE, registerSupportBundle } from './support-bundle.js';

/**
 * The support listener (KIOSK_SUPPORT_HOST:KIOSK_SUPPORT_PORT): liveness, readiness, Prometheus
 * metrics and the support bundle (support-bundle.ts) for support staff and the fleet's Prometheus,
 * behind a bearer token. A separate Fastify
 * instance sharing the UI app's services; the caller listens on it and closes it (main.ts).
 * Without a token it may only run on loopback (supportListenerProblem in config.ts).
 */

/** Requests per client address per window; a scraper needs a few per minute, a token guesser far more. */
const RATE_LIMIT = 60;
const RATE_WINDOW_MS = 60_000;
/** The readiness probe of the operator API: short, and cached so probes do not load the upstream. */
const UPSTREAM_PROBE_TIMEOUT_MS = 3000;
const UPSTREAM_PROBE_CACHE_MS = 5000;

/** Fixed-window counter per address; old windows are pruned as the map grows. */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds to wait when over the limit, else 0. */
  hit(key: string, now = Date.now()): number {
    if (this.windows.size > 10_000) {
      for (const [address, window] of this.windows) if (window.resetAt <= now) this.windows.delete(address);
    }
    let window = this.windows.get(key);
    if (window === undefined || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count > this.limit ? Math.ceil((window.resetAt - now) / 1000) : 0;
  }
}

/** Constant-time token check (hashing first makes the lengths equal). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const presented = createHash('sha256')
    .update(match?.[1] ?? '')
    .digest();
  const expected = createHash('sha256').update(token).digest();
  return timingSafeEqual(presented, expected) && match !== null;
}

const UpstreamProbe = Type.Object({
  reachable: Type.Union([Type.Boolean(), Type.Null()]),
  statusCode: Type.Optional(Type.Integer()),
  /** down, timeout, or the TLS failure's code (DEPTH_ZERO_SELF_SIGNED_CERT, CERT_HAS_EXPIRED...). */
  error: Type.Optional(Type.String()),
  checkedAt: Type.String({ format: 'date-time' }),
});
type UpstreamProbe = Static<typeof UpstreamProbe>;

const UpstreamHealthSchema = Type.Object({
  tls_error: Type.Union([Type.String(), Type.Null()]),
  tls_error_detail: Type.Optional(Type.String()),
  certificate_expires_at: Type.Union([Type.String(), Type.Null()]),
  clock_offset_seconds: Type.Union([Type.Number(), Type.Null()]),
});
type _UpstreamHealthIsShared = Assert<Same<Static<typeof UpstreamHealthSchema>, UpstreamHealthSnapshot>>;

const SpoolHealthSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('low'), Type.Literal('full'), Type.Literal('failing')]),
  free_bytes: Type.Union([Type.Number(), Type.Null()]),
  size_bytes: Type.Union([Type.Number(), Type.Null()]),
  write_error: Type.Optional(Type.String()),
});
type _SpoolHealthIsShared = Assert<Same<Static<typeof SpoolHealthSchema>, SpoolHealth>>;

const ReleaseStageSchema = Type.Union([
  Type.Literal('production'),
  Type.Literal('staging'),
  Type.Literal('development'),
  Type.Literal('test'),
]);
type _ReleaseStageIsConfig = Assert<Same<Static<typeof ReleaseStageSchema>, ReleaseStage>>;

/** GET /health/live: the process answers. */
export const LiveBody = Type.Object({ status: Type.Literal('live'), uptime_seconds: Type.Integer() });

/**
 * GET /health/ready (200 ready, 503 not): the operator API, each device (one property per device
 * of devices/registry.ts), the log spool and shipping, and whether a restart would cut a visitor short.
 */
export const ReadyBody = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not-ready')]),
  facility_id: Type.String(),
  release_stage: ReleaseStageSchema,
  mode: Type.Union([Type.Literal('sandbox'), Type.Literal('upstream')]),
  version: Type.String(),
  uptime_seconds: Type.Integer(),
  /** The probe, with the operator API client's TLS and clock health when the app has that client. */
  upstream: Type.Object({
    ...UpstreamProbe.properties,
    tls_error: Type.Optional(UpstreamHealthSchema.properties.tls_error),
    tls_error_detail: UpstreamHealthSchema.properties.tls_error_detail,
    certificate_expires_at: Type.Optional(UpstreamHealthSchema.properties.certificate_expires_at),
    clock_offset_seconds: Type.Optional(UpstreamHealthSchema.properties.clock_offset_seconds),
  }),
  ...DevicesHealth.properties,
  log_spool: Type.Union([
    Type.Object({
      ...SpoolHealthSchema.properties,
      files: Type.Integer(),
      bytes: Type.Integer(),
      entries: Type.Integer(),
    }),
    Type.Null(),
  ]),
  last_successful_ship: Type.Union([Type.String(), Type.Null()]),
  log_events: Type.Union([
    Type.Object({ accepted: Type.Integer(), shipped: Type.Integer(), dropped: Type.Integer(), lost: Type.Integer() }),
    Type.Null(),
  ]),
  websocket_clients: Type.Integer(),
  session: Type.Object({ active: Type.Boolean(), held_spaces: Type.Integer() }),
  idle: Type.Boolean(),
});
export type ReadyBody = Static<typeof ReadyBody>;

/** What the token check and the rate limit (onRequest above every route) answer. */
const refusals = { 401: ErrorBody, 429: ErrorBody };

export async function buildSupportApp(app: FastifyInstance): Promise<FastifyInstance> {
  const { config } = app;
  const support = Fastify({
    loggerInstance: app.log.child({ listener: 'support' }),
    trustProxy: false,
    return503OnClosing: true,
    forceCloseConnections: true,
  });
  const version = daemonVersion();
  const startedAt = Date.now();
  const limiter = new RateLimiter(RATE_LIMIT, RATE_WINDOW_MS);

  support.addHook('onRequest', async (request, reply) => {
    const retryAfter = limiter.hit(request.ip);
    if (retryAfter > 0) {
      return sendDaemonError(
        reply.header('retry-after', String(retryAfter)),
        429,
        'Too many requests to the support listener; wait and retry.',
      );
    }
    if (config.healthToken !== null && !bearerMatches(request.headers.authorization, config.healthToken)) {
      return sendDaemonError(
        reply.header('www-authenticate', 'Bearer realm="kiosk-support"'),
        401,
        'A valid bearer token (KIOSK_HEALTH_TOKEN) is required.',
      );
    }
  });

  // Answers quote error messages and metric labels: none may carry the API key or the token.
  const secrets = configuredSecrets(config);
  support.addHook('onSend', async (_request, _reply, payload) =>
    typeof payload === 'string' ? scrubSecrets(payload, secrets) : payload,
  );

  let probe: { at: number; result: Promise<UpstreamProbe> } | undefined;
  function probeUpstream(): Promise<UpstreamProbe> {
    if (probe !== undefined && Date.now() - probe.at < UPSTREAM_PROBE_CACHE_MS) return probe.result;
    const run = async (): Promise<UpstreamProbe> => {
      const checkedAt = new Date().toISOString();
      if (!app.hasDecorator('upstream')) return { reachable: null, error: 'no upstream client', checkedAt };
      let timer: NodeJS.Timeout | undefined;
      try {
        const timeout = new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), UPSTREAM_PROBE_TIMEOUT_MS);
        });
        const { statusCode } = await Promise.race([
          app.upstream.call('configuration', { facility: config.facilityId }),
          timeout,
        ]);
        return { reachable: statusCode < 500, statusCode, checkedAt };
      } catch (error) {
        const err = error as { kind?: string; message?: string; tlsError?: string };
        return { reachable: false, error: err.tlsError ?? err.kind ?? err.message ?? 'error', checkedAt };
      } finally {
        clearTimeout(timer);
      }
    };
    probe = { at: Date.now(), result: run() };
    return probe.result;
  }

  const routes = support.withTypeProvider<TypeBoxTypeProvider>();
  routes.get('/health/live', { schema: { response: { 200: LiveBody, ...refusals } } }, async () => ({
    status: 'live' as const,
    uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
  }));

  routes.get(
    '/health/ready',
    { schema: { response: { 200: ReadyBody, 503: ReadyBody, ...refusals } } },
    async (_request, reply) => {
      const upstream = await probeUpstream();
      const devices = devicesHealth(app);
      const logs = app.hasDecorator('logPipeline') ? app.logPipeline.stats() : undefined;
      // A full or failing spool does not make the kiosk unready: visitors can still rent and pay;
      // only UI log events are lost, and KioskLogEventsLost / KioskDiskFilling tell.
      const spool = logs === undefined ? undefined : await app.logPipeline.spoolHealth();
      const ready = upstream.reachable !== false && neededDevicesUp(devices, app.config);
      const sessionActive = app.hasDecorator('session') ? app.session.snapshot().active : false;
      const heldSpaces = app.hasDecorator('session') ? app.session.listHolds().length : 0;
      const body: ReadyBody = {
        status: ready ? 'ready' : 'not-ready',
        facility_id: config.facilityId,
        release_stage: config.releaseStage,
        // sandbox: KIOSK_SANDBOX=on, a demo that takes no real rentals or payments.
        mode: config.sandbox ? 'sandbox' : 'upstream',
        version,
        uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
        upstream: { ...upstream, ...(app.hasDecorator('upstream') ? app.upstream.health.snapshot() : {}) },
        // One entry per device (devices/registry.ts); only a device the kiosk needs makes it unready.
        ...devices,
        log_spool:
          logs === undefined || spool === undefined
            ? null
            : { ...spool, files: logs.spoolFiles, bytes: logs.spoolBytes, entries: logs.spoolEntries },
        last_successful_ship: logs?.lastShipAt ?? null,
        log_events:
          logs === undefined
            ? null
            : { accepted: logs.accepted, shipped: logs.shipped, dropped: logs.dropped, lost: logs.lost },
        websocket_clients: app.hasDecorator('events') ? app.events.clientCount() : 0,
        // Whether a restart now would cut a visitor short: an upgrade waits for idle (docs/fleet.md).
        session: { active: sessionActive, held_spaces: heldSpaces },
        idle: !sessionActive && heldSpaces === 0,
      };
      return reply.code(ready ? 200 : 503).send(body);
    },
  );

  support.get('/metrics', async (_request, reply) => {
    const registry = app.metrics.registry;
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });

  registerSupportBundle(support, app, { startedAt, limiter: new RateLimiter(BUNDLE_RATE.limit, BUNDLE_RATE.windowMs) });

  return support;
}
