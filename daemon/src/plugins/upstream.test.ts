import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import metrics from './metrics.js';
import upstreamPlugin, { UpstreamError, upstreamHeaders } from './upstream.js';
import { testConfig } from '../test-helpers/build-test-app.js';
import { closedPort, startRecordingUpstream, type RecordingUpstream } from '../test-helpers/recording-upstream.js';
import type { DaemonConfig } from '../config.js';

async function bareApp(overrides: Partial<DaemonConfig>): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.decorate('config', testConfig(overrides));
  await app.register(metrics);
  await app.register(upstreamPlugin);
  await app.ready();
  return app;
}

describe('upstream client', () => {
  let upstream: RecordingUpstream;
  let app: FastifyInstance;

  beforeAll(async () => {
    upstream = await startRecordingUpstream();
    // A timeout no answer of the recording upstream comes near, however loaded the machine; the
    // hanging upstream has its own short one below.
    app = await bareApp({ upstreamUrl: upstream.url, apiKey: 'k-1', upstreamTimeoutMs: 10_000 });
  });
  afterEach(() => upstream.reset());
  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  it('keeps the time of the last answer that was not a server error, for the fleet', async () => {
    const before = Date.now() / 1000;
    await app.upstream.call('configuration', { facility: 'demo' });
    const value = (await app.metrics.upstreamLastSuccess.get()).values[0]?.value ?? 0;
    expect(value).toBeGreaterThanOrEqual(Math.floor(before));
    expect(value).toBeLessThanOrEqual(Date.now() / 1000);
  });

  it('posts a form to the route path with the three headers and parses the JSON answer', async () => {
    const response = await app.upstream.call(
      'releaseSpace',
      { facility: 'demo' },
      { form: { facility_id: 'demo', space_id: '7', hold_token: 'a b+c' } },
    );
    expect(response).toEqual({ statusCode: 200, body: { application_data: { status: 'ok', result: {} } } });
    const seen = upstream.requests[0]!;
    expect(seen.method).toBe('POST');
    expect(seen.path).toBe('facilities/demo/release-space/');
    expect(Object.fromEntries(new URLSearchParams(seen.bodyText))).toEqual({
      facility_id: 'demo',
      space_id: '7',
      hold_token: 'a b+c',
    });
    expect(seen.headers['x-api-key']).toBe('k-1');
    expect(Number(seen.headers['x-date'])).toBeGreaterThan(1_600_000_000);
    // No session plugin registered: the kiosk-level trace id.
    expect(seen.headers['x-trace-id']).toMatch(/^kiosk-/);
  });

  it('sends a query and a JSON body', async () => {
    await app.upstream.call('decryptCard', { facility: 'demo' }, { query: { a: '1' }, json: { card_data: 'enc' } });
    const seen = upstream.requests[0]!;
    expect(seen.query).toBe('a=1');
    expect(seen.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen.bodyText)).toEqual({ card_data: 'enc' });
  });

  it('returns an upstream error status as a response, not a throw', async () => {
    upstream.respond((_request, res) => upstream.json(res, 400, { application_data: { status: 'error' } }));
    const response = await app.upstream.call('releaseSpace', { facility: 'demo' });
    expect(response.statusCode).toBe(400);
  });

  it('throws UpstreamError timeout when the upstream hangs', async () => {
    upstream.respond(upstream.hang());
    const impatient = await bareApp({ upstreamUrl: upstream.url, apiKey: 'k-1', upstreamTimeoutMs: 200 });
    try {
      const error = await impatient.upstream.call('facility', { facility: 'demo' }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UpstreamError);
      expect((error as UpstreamError).kind).toBe('timeout');
      expect(await impatient.metrics.registry.metrics()).toMatch(
        /kiosk_upstream_errors_total\{[^}]*route="facility"[^}]*kind="timeout"/,
      );
    } finally {
      await impatient.close();
    }
  });

  it('builds the three headers with the configured names', () => {
    const config = testConfig({
      apiKey: 'k',
      headerNames: { apiKey: 'x-key', date: 'x-when', traceId: 'x-trace', idempotencyKey: 'x-once' },
    });
    const headers = upstreamHeaders(config, 't-1');
    expect(headers['x-key']).toBe('k');
    expect(headers['x-trace']).toBe('t-1');
    expect(Math.abs(Number(headers['x-when']) - Date.now() / 1000)).toBeLessThan(2);
  });
});

describe('upstream client with the upstream down', () => {
  it('throws UpstreamError down', async () => {
    const app = await bareApp({ upstreamUrl: `http://127.0.0.1:${await closedPort()}/api/v1`, apiKey: 'k' });
    try {
      const error = await app.upstream.call('configuration', { facility: 'demo' }).catch((caught: unknown) => caught);
      expect((error as UpstreamError).kind).toBe('down');
    } finally {
      await app.close();
    }
  });

  it('throws UpstreamError down when no upstream is configured', async () => {
    const app = await bareApp({ upstreamUrl: null });
    try {
      const error = await app.upstream.call('configuration', { facility: 'demo' }).catch((caught: unknown) => caught);
      expect((error as UpstreamError).kind).toBe('down');
    } finally {
      await app.close();
    }
  });
});
