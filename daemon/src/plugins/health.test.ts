import { afterEach, describe, expect, it } from 'vitest';
import { daemonVersion } from '../build-info.js';
import type { FastifyInstance } from 'fastify';
import { buildCardReaderSimulator } from '../devices/card-reader/simulator.js';
import { buildServiceApp, sandboxLikeUpstream, type FakeUpstreamHandler } from '../test-helpers/fake-services.js';
import { RateLimiter, bearerMatches, buildSupportApp } from './health.js';
import type { DaemonConfig } from '../config.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

const TOKEN = 'support-token-123';
const auth = { authorization: `Bearer ${TOKEN}` };

async function setup(
  options: {
    healthToken?: string | null;
    upstream?: FakeUpstreamHandler;
    readerOk?: boolean;
    releaseStage?: DaemonConfig['releaseStage'];
    sandbox?: boolean;
  } = {},
) {
  const simulator = await buildCardReaderSimulator({ logger: false });
  const readerUrl = await simulator.listen({ host: '127.0.0.1', port: 0 });
  cleanups.push(() => simulator.close());
  await simulator.inject({ method: 'POST', url: '/__simulator/health', payload: { ok: options.readerOk ?? true } });
  const app = await buildServiceApp({
    config: {
      healthToken: options.healthToken === undefined ? TOKEN : options.healthToken,
      cardReaderUrl: readerUrl,
      facilityId: 'demo',
      ...(options.releaseStage ? { releaseStage: options.releaseStage } : {}),
      ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
    },
    upstream: options.upstream ?? sandboxLikeUpstream,
  });
  await app.ready();
  cleanups.push(() => app.close());
  await app.cardReader.checkHealth();
  const support: FastifyInstance = await buildSupportApp(app);
  cleanups.push(() => support.close());
  return { app, support };
}

/**
 * The Prometheus text exposition format, line by line (HELP/TYPE comments and samples). Values
 * are Go floats, so NaN in any case (prom-client writes "Nan") is valid.
 */
function parsePrometheusText(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  const sample =
    /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})? (-?[0-9.e+-]+|[Nn][Aa][Nn]|[+-]?Inf)( -?\d+)?$/;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (/^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+$/.test(line)) continue;
    const match = sample.exec(line);
    if (match === null) throw new Error(`not Prometheus text: ${line}`);
    samples.set(`${match[1]}${match[2] ?? ''}`, Number(match[3]));
  }
  return samples;
}

describe('support listener auth', () => {
  it('refuses every route without the bearer token (401 JSON), and with a wrong one', async () => {
    const { support } = await setup();
    for (const url of ['/health/live', '/health/ready', '/metrics']) {
      const response = await support.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(response.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    }
    expect(
      (await support.inject({ method: 'GET', url: '/health/live', headers: { authorization: 'Bearer nope' } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await support.inject({ method: 'GET', url: '/health/live', headers: { authorization: TOKEN } })).statusCode,
    ).toBe(401);
    expect((await support.inject({ method: 'GET', url: '/health/live', headers: auth })).statusCode).toBe(200);
  });

  it('without a configured token (loopback only, checked by main.ts) it needs none', async () => {
    const { support } = await setup({ healthToken: null });
    expect((await support.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
  });

  it('bearerMatches compares the whole token', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer ', TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
  });

  it('rate-limits a client address with 429 and Retry-After', async () => {
    const limiter = new RateLimiter(3, 60_000);
    expect([1, 2, 3, 4].map(() => limiter.hit('10.0.0.9', 0))).toEqual([0, 0, 0, 60]);
    expect(limiter.hit('10.0.0.8', 0)).toBe(0);
    expect(limiter.hit('10.0.0.9', 60_000)).toBe(0);

    const { support } = await setup();
    const statuses = [];
    for (let i = 0; i < 62; i += 1)
      statuses.push((await support.inject({ method: 'GET', url: '/health/live', headers: auth })).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429]);
  });
});

describe('/health/ready', () => {
  it('reports upstream, reader, spool backlog, last ship, version, uptime, facility and release stage', async () => {
    const { support } = await setup({ releaseStage: 'staging' });
    const response = await support.inject({ method: 'GET', url: '/health/ready', headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ready',
      facility_id: 'demo',
      release_stage: 'staging',
      version: daemonVersion(),
      uptime_seconds: expect.any(Number),
      upstream: { reachable: true, statusCode: 200, checkedAt: expect.any(String) },
      card_reader: { status: 'ok' },
      log_spool: { status: expect.any(String), files: 0, bytes: 0, entries: 0 },
      last_successful_ship: null,
      log_events: { accepted: 0, shipped: 0, dropped: 0, lost: 0 },
      websocket_clients: 0,
      // The fake session is running: an upgrade would wait before restarting this daemon.
      session: { active: true, held_spaces: 0 },
      idle: false,
    });
  });

  it('says a demo kiosk runs the sandbox, in ready and in kiosk_sandbox_mode, with its release stage', async () => {
    const { support } = await setup({ sandbox: true });
    const ready = await support.inject({ method: 'GET', url: '/health/ready', headers: auth });
    expect(ready.json()).toMatchObject({ status: 'ready', mode: 'sandbox', release_stage: 'production' });
    const samples = parsePrometheusText((await support.inject({ method: 'GET', url: '/metrics', headers: auth })).body);
    expect(samples.get('kiosk_sandbox_mode{app="kiosk_daemon"}')).toBe(1);
    const buildInfo = [...samples.keys()].find((key) => key.startsWith('kiosk_build_info{'));
    expect(buildInfo).toContain('release_stage="production"');
  });

  it('says a kiosk on its operator API runs upstream, and kiosk_sandbox_mode is 0', async () => {
    const { support } = await setup({ sandbox: false, releaseStage: 'staging' });
    const ready = await support.inject({ method: 'GET', url: '/health/ready', headers: auth });
    expect(ready.json()).toMatchObject({ mode: 'upstream', release_stage: 'staging' });
    const samples = parsePrometheusText((await support.inject({ method: 'GET', url: '/metrics', headers: auth })).body);
    expect(samples.get('kiosk_sandbox_mode{app="kiosk_daemon"}')).toBe(0);
  });

  it('is 503 when the reader is down', async () => {
    const { support } = await setup({ readerOk: false });
    const response = await support.inject({ method: 'GET', url: '/health/ready', headers: auth });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'not-ready', card_reader: { status: 'down' } });
  });

  it('is 503 when the operator API is unreachable or answers 5xx', async () => {
    const down: FakeUpstreamHandler = async () => {
      throw Object.assign(new Error('down'), { kind: 'down' });
    };
    const first = await setup({ upstream: down });
    const response = await first.support.inject({ method: 'GET', url: '/health/ready', headers: auth });
    expect(response.statusCode).toBe(503);
    expect(response.json().upstream).toMatchObject({ reachable: false, error: 'down' });

    const failing = await setup({ upstream: async () => ({ statusCode: 502, body: '' }) });
    expect((await failing.support.inject({ method: 'GET', url: '/health/ready', headers: auth })).statusCode).toBe(503);
  });

  it('answers within its probe timeout when the operator API hangs', async () => {
    const { support } = await setup({ upstream: () => new Promise(() => {}) });
    const started = Date.now();
    const response = await support.inject({ method: 'GET', url: '/health/ready', headers: auth });
    expect(response.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(4500);
  });

  it('/health/live stays 200 even when dependencies are down', async () => {
    const { support } = await setup({ readerOk: false, upstream: async () => ({ statusCode: 503, body: '' }) });
    const live = await support.inject({ method: 'GET', url: '/health/live', headers: auth });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'live', uptime_seconds: expect.any(Number) });
  });
});

describe('/metrics', () => {
  it('is Prometheus text with the kiosk metrics and process metrics', async () => {
    const { app, support } = await setup();
    await app.inject({
      method: 'POST',
      url: '/log',
      payload: { event_name: 'Navigation next', action: 'next', active_section: 'info' },
    });
    const response = await support.inject({ method: 'GET', url: '/metrics', headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parsePrometheusText(response.body);
    const names = new Set([...samples.keys()].map((key) => key.replace(/\{.*$/, '')));
    for (const name of [
      'kiosk_card_reader_up',
      'kiosk_log_events_total',
      'kiosk_log_spool_bytes',
      'kiosk_websocket_clients',
      'kiosk_process_resident_memory_bytes',
      'kiosk_process_cpu_seconds_total',
    ]) {
      expect(names).toContain(name);
    }
    expect(samples.get('kiosk_card_reader_up{app="kiosk_daemon"}')).toBe(1);
    expect(samples.get('kiosk_log_events_total{stage="accepted",app="kiosk_daemon"}')).toBe(1);
  });
});

describe('/metrics for a fleet', () => {
  it('names the build, starts labelled counters at 0, and has no gauge named like a counter', async () => {
    const { support } = await setup();
    const text = (await support.inject({ method: 'GET', url: '/metrics', headers: auth })).body;
    const samples = parsePrometheusText(text);
    const buildInfo = [...samples.entries()].find(([key]) => key.startsWith('kiosk_build_info{'));
    expect(buildInfo?.[0]).toMatch(/version="\d+\.\d+\.\d+[^"]*",commit="[0-9a-f]{7,40}|unknown"/);
    expect(buildInfo?.[1]).toBe(1);
    for (const series of [
      'kiosk_card_swipes_total{outcome="reader-down",app="kiosk_daemon"}',
      'kiosk_log_events_total{stage="dropped",app="kiosk_daemon"}',
      'kiosk_sessions_ended_total{reason="idle",app="kiosk_daemon"}',
      'kiosk_holds_released_total{reason="expired",app="kiosk_daemon"}',
      'kiosk_upstream_errors_total{route="configuration",kind="timeout",app="kiosk_daemon"}',
      'kiosk_ui_errors_total{kind="render",app="kiosk_daemon"}',
      'kiosk_journeys_total{journey="rental",outcome="failed",app="kiosk_daemon"}',
    ])
      expect(samples.get(series), series).toBe(0);
    expect(samples.get('kiosk_log_last_ship_timestamp_seconds{app="kiosk_daemon"}')).toBe(0);
    expect(samples.get('kiosk_upstream_last_success_timestamp_seconds{app="kiosk_daemon"}')).toBe(0);
    const gaugesNamedTotal = [...text.matchAll(/^# TYPE (\S+_total) gauge$/gm)].map((match) => match[1]);
    expect(gaugesNamedTotal).toEqual([]);
  });
});

describe('ops/prometheus/kiosk-alerts.yml', () => {
  it('only uses metric names this daemon exports', async () => {
    const { load } = await import('js-yaml');
    const { readFileSync } = await import('node:fs');
    const rules = load(readFileSync(new URL('../../../ops/prometheus/kiosk-alerts.yml', import.meta.url), 'utf8')) as {
      groups: Array<{ rules: Array<{ alert: string; expr: string }> }>;
    };
    const { support } = await setup();
    const text = (await support.inject({ method: 'GET', url: '/metrics', headers: auth })).body;
    // Declared by TYPE lines, so counters that have no sample yet count too.
    const declared = new Set([...text.matchAll(/^# TYPE (\S+)/gm)].map((match) => match[1]));
    // Printer metrics exist only on a kiosk with a printer configured; speech's and the outbox's
    // come with their plugins.
    const withPrinter = await buildServiceApp({
      plugins: ['printer', 'speech', 'outbox'],
      config: { printerUrl: 'tcp://127.0.0.1:9' },
    });
    cleanups.push(() => withPrinter.close());
    for (const match of (await withPrinter.metrics.registry.metrics()).matchAll(/^# TYPE (\S+)/gm))
      declared.add(match[1]);
    // The payment terminal's up gauge exists only on a kiosk with a terminal.
    const { Registry } = await import('prom-client');
    const { paymentTerminalMetrics } = await import('../devices/payment-terminal/metrics.js');
    const withTerminal = new Registry();
    paymentTerminalMetrics(withTerminal, true);
    for (const match of (await withTerminal.metrics()).matchAll(/^# TYPE (\S+)/gm)) declared.add(match[1]);
    const used = rules.groups.flatMap((group) =>
      group.rules.flatMap((rule) => rule.expr.match(/\bkiosk_[a-z_]+/g) ?? []),
    );
    expect(used.length).toBeGreaterThan(4);
    for (const name of used) expect(declared.has(name), name).toBe(true);
  });
});
