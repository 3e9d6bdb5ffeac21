import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { testConfig } from '../test-helpers/build-test-app.js';
import { startRecordingUpstream, type RecordingUpstream } from '../test-helpers/recording-upstream.js';
import { buildSupportApp } from './health.js';

/** Each test builds whole daemons; on a loaded machine that takes seconds (a bound, not a measure). */
const DAEMON_TEST_TIMEOUT_MS = 30_000;
/**
 * The PC clock stamps every operator call (x-date); the operator's Date header says how far off it
 * is. An operator whose clock reads 5 minutes earlier than the PC's: the kiosk is 300 s ahead.
 */

const OPERATOR_BEHIND_SECONDS = 300;
const OK = { application_data: { status: 'ok', result: {} } };

describe('clock offset from the operator', { timeout: DAEMON_TEST_TIMEOUT_MS }, () => {
  let upstream: RecordingUpstream;
  let app: FastifyInstance;
  let support: FastifyInstance;

  beforeAll(async () => {
    upstream = await startRecordingUpstream();
    upstream.respond((_request, res) =>
      upstream.json(res, 200, OK, { date: new Date(Date.now() - OPERATOR_BEHIND_SECONDS * 1000).toUTCString() }),
    );
    app = await buildApp(testConfig({ upstreamUrl: upstream.url, apiKey: 'k-clock' }), { logger: false });
    await app.ready();
    support = await buildSupportApp(app);
  });
  afterAll(async () => {
    await support.close();
    await app.close();
    await upstream.close();
  });

  async function offsetGauge(): Promise<number> {
    const text = await app.metrics.registry.metrics();
    const line = text.split('\n').find((row) => row.startsWith('kiosk_clock_offset_seconds'))!;
    return Number(line.split(' ').at(-1));
  }

  it('is 0 before any operator answer', async () => {
    expect(await offsetGauge()).toBe(0);
  });

  it('is measured on a screen call through the proxy, shown as a gauge and in ready and the bundle', async () => {
    const call = await app.inject({ method: 'GET', url: '/api/facilities/demo/configuration/' });
    expect(call.statusCode).toBe(200);
    // The header has whole seconds, and the call takes a moment: within 2 s of the skew.
    expect(Math.abs((await offsetGauge()) - OPERATOR_BEHIND_SECONDS)).toBeLessThan(2);
    const ready = (await support.inject({ method: 'GET', url: '/health/ready' })).json();
    expect(Math.abs(ready.upstream.clock_offset_seconds - OPERATOR_BEHIND_SECONDS)).toBeLessThan(2);
    const bundle = (await support.inject({ method: 'GET', url: '/support/bundle' })).json();
    expect(Math.abs(bundle.upstream.clock_offset_seconds - OPERATOR_BEHIND_SECONDS)).toBeLessThan(2);
  });

  it("follows the operator's clock when it is right again (the daemon's own calls measure too)", async () => {
    upstream.respond((_request, res) => upstream.json(res, 200, OK, { date: new Date().toUTCString() }));
    await app.upstream.call('configuration', { facility: 'demo' });
    expect(Math.abs(await offsetGauge())).toBeLessThan(2);
  });
});
