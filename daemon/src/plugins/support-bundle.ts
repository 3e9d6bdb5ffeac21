import type { FastifyInstance } from 'fastify';
import { Type, type Static, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { maskSecrets } from '@kiosk/shared-types';
import type { DaemonConfig } from '../config.js';
import { buildInfo } from '../build-info.js';
import { configuredSecrets, scrubSecrets } from '../secrets.js';
import { ErrorBody } from '../route-schema.js';
import { DevicesHealth, devicesHealth } from '../devices/registry.js';
import { sendDaemonError } from './error-handler.js';

/**
 * GET /support/bundle on the support listener: one JSON document with what support staff need to
 * diagnose a kiosk from afar (versions, configuration without secrets, devices, log spool, session
 * state without personal data, the last daemon log lines). Built from the running services, masked
 * (maskSecrets), and rate limited on its own: it is heavier than a probe.
 */

/** Bundles per address per window: enough for a person, useless for scraping. */
export const BUNDLE_RATE = { limit: 6, windowMs: 60_000 } as const;
const REMOVED = '[removed]';

/** Settings that are secrets: their values never leave the kiosk. */
const SECRET_SETTINGS = new Set<keyof DaemonConfig>(['apiKey', 'healthToken']);

export const SupportBundle = Type.Object({
  generated_at: Type.String({ format: 'date-time' }),
  facility_id: Type.String(),
  uptime_seconds: Type.Integer(),
  versions: Type.Object({ daemon: Type.String(), commit: Type.String(), node: Type.String() }),
  configuration: Type.Record(Type.String(), Type.Unknown()),
  devices: DevicesHealth,
  upstream: Type.Object({
    last_success_at: Type.Union([Type.String(), Type.Null()]),
    tls_error: Type.Union([Type.String(), Type.Null()]),
    tls_error_detail: Type.Optional(Type.String()),
    certificate_expires_at: Type.Union([Type.String(), Type.Null()]),
    clock_offset_seconds: Type.Union([Type.Number(), Type.Null()]),
  }),
  log_spool: Type.Union([
    Type.Object({
      status: Type.String(),
      free_bytes: Type.Union([Type.Number(), Type.Null()]),
      size_bytes: Type.Union([Type.Number(), Type.Null()]),
      write_error: Type.Optional(Type.String()),
      files: Type.Integer(),
      bytes: Type.Integer(),
      entries: Type.Integer(),
      last_successful_ship: Type.Union([Type.String(), Type.Null()]),
      last_ship_failure: Type.Union([Type.String(), Type.Null()]),
      accepted: Type.Integer(),
      shipped: Type.Integer(),
      dropped: Type.Integer(),
      lost: Type.Integer(),
    }),
    Type.Null(),
  ]),
  session: Type.Object({
    active: Type.Boolean(),
    seconds_left: Type.Number(),
    warning: Type.Boolean(),
    held_spaces: Type.Integer(),
  }),
  screen: Type.Object({
    connected: Type.Boolean(),
    unseen_seconds: Type.Integer(),
    section: Type.Union([Type.String(), Type.Null()]),
  }),
  websocket_clients: Type.Integer(),
  log_lines: Type.Array(Type.String()),
});
export type SupportBundle = Static<typeof SupportBundle>;

/** A URL with any user:password@ part taken out (an operator may put credentials there). */
function withoutCredentials(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  try {
    const url = new URL(value);
    if (url.username === '' && url.password === '') return value;
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    return REMOVED;
  }
}

/** The configuration as support may read it: secrets replaced, URLs without credentials. */
export function publicConfiguration(config: DaemonConfig): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) {
    if (SECRET_SETTINGS.has(key as keyof DaemonConfig)) out[key] = value === null ? null : REMOVED;
    else if (key === 'payment') {
      // The terminal's shared key: its identifier and version help support, its passphrase is a secret.
      const payment = value as DaemonConfig['payment'];
      out[key] = {
        ...payment,
        terminalUrl: withoutCredentials(payment.terminalUrl),
        terminalKey: { ...payment.terminalKey, passphrase: REMOVED },
      };
    } else if (key.endsWith('Url') || key.endsWith('Origin')) out[key] = withoutCredentials(value as string | null);
    else out[key] = value;
  }
  return out;
}

const EMAIL = /[^\s"'<>@]+@[^\s"'<>@]+\.[A-Za-z]{2,}/g;

function readableText(text: string, secrets: readonly string[]): string {
  return scrubSecrets(text, secrets).replace(EMAIL, REMOVED);
}

function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [map(key), mapStrings(child, map)]));
  return value;
}

/**
 * A log line as support may read it, still one JSON object (a line that was not JSON becomes
 * `{"msg": ...}`): the kiosk's own secret values (in every form scrubSecrets finds) and e-mail
 * addresses replaced in every string (a visitor's address may sit in a logged URL or error), card
 * numbers masked by maskSecrets. Masking the parsed line, not its text, keeps it JSON: a card
 * number logged as a number becomes a masked string, not a bare `4111********1111`.
 */
export function readableLogLine(line: string, secrets: readonly string[]): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    parsed = { msg: line };
  }
  return JSON.stringify(
    maskSecrets(
      mapStrings(parsed, (text) => readableText(text, secrets)),
      { secretValues: secrets },
    ),
  );
}

export async function buildBundle(app: FastifyInstance, startedAt: number): Promise<SupportBundle> {
  const { config } = app;
  const build = buildInfo();
  const logs = app.hasDecorator('logPipeline') ? app.logPipeline.stats() : undefined;
  const session = app.hasDecorator('session') ? app.session : undefined;
  const snapshot = session?.snapshot();
  const lastSuccessSeconds = (await app.metrics.upstreamLastSuccess.get()).values[0]?.value ?? 0;
  const secrets = configuredSecrets(config);
  const bundle: Omit<SupportBundle, 'log_lines'> = {
    generated_at: new Date().toISOString(),
    facility_id: config.facilityId,
    uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
    versions: { daemon: build.version, commit: build.commit, node: process.version },
    configuration: publicConfiguration(config),
    devices: devicesHealth(app),
    upstream: {
      last_success_at: lastSuccessSeconds === 0 ? null : new Date(lastSuccessSeconds * 1000).toISOString(),
      ...(app.hasDecorator('upstream')
        ? app.upstream.health.snapshot()
        : { tls_error: null, certificate_expires_at: null, clock_offset_seconds: null }),
    },
    log_spool:
      logs === undefined
        ? null
        : {
            ...(await app.logPipeline.spoolHealth()),
            files: logs.spoolFiles,
            bytes: logs.spoolBytes,
            entries: logs.spoolEntries,
            last_successful_ship: logs.lastShipAt,
            last_ship_failure: logs.lastFailure,
            accepted: logs.accepted,
            shipped: logs.shipped,
            dropped: logs.dropped,
            lost: logs.lost,
          },
    session: {
      active: snapshot?.active ?? false,
      seconds_left: snapshot?.secondsLeft ?? 0,
      warning: snapshot?.warning ?? false,
      held_spaces: session?.listHolds().length ?? 0,
    },
    screen: app.hasDecorator('screen')
      ? {
          connected: app.screen.connected(),
          unseen_seconds: Math.round(app.screen.unseenSeconds()),
          section: app.screen.section(),
        }
      : { connected: false, unseen_seconds: 0, section: null },
    websocket_clients: app.hasDecorator('events') ? app.events.clientCount() : 0,
  };
  return {
    ...maskSecrets(bundle, { secretValues: secrets }),
    log_lines: bundleLogLines(app.hasDecorator('logRing') ? app.logRing.snapshot() : [], secrets),
  };
}

/**
 * The daemon's log lines as the bundle holds them: each one masked as parsed JSON
 * (readableLogLine) and never again as text, which would mask digits inside a JSON number (a
 * timing of 378282246310005.5 ms) into a bare, unquoted `3782*******0005.5`.
 */
export function bundleLogLines(lines: readonly string[], secrets: readonly string[]): string[] {
  return lines.map((line) => readableLogLine(line, secrets));
}

/** Adds GET /support/bundle to the support listener (its token check runs first, in health.ts). */
export function registerSupportBundle(
  support: FastifyInstance,
  app: FastifyInstance,
  options: { startedAt: number; limiter: { hit(key: string): number } },
): void {
  const { startedAt, limiter } = options;
  support
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(
      '/support/bundle',
      { schema: { response: { 200: SupportBundle, 429: ErrorBody } } },
      async (request, reply) => {
        const retryAfter = limiter.hit(request.ip);
        if (retryAfter > 0) {
          return sendDaemonError(
            reply.header('retry-after', String(retryAfter)),
            429,
            `Too many support bundles; wait ${retryAfter} s and retry.`,
            'rate-limited',
          );
        }
        request.log.info('support bundle requested');
        return reply.header('cache-control', 'no-store').send(await buildBundle(app, startedAt));
      },
    );
}
