import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import type { ServerEvent } from '@kiosk/shared-types';
import { readServerEvent } from '../test-helpers/server-events.js';
import { buildSandbox } from '../sandbox/app.js';
import { buildCardReaderSimulator } from '../devices/card-reader/simulator.js';
import { buildTestApp } from '../test-helpers/build-test-app.js';
import { eventually, startFakeLoggingApp, type FakeLoggingApp } from '../test-helpers/fake-services.js';
import { buildSupportApp } from './health.js';

/**
 * The whole daemon (every plugin as app.ts registers them) on a real listener, with the sandbox as
 * operator API, the card-reader simulator and a fake logging app: swipe, events, logs, health.
 */
describe('kiosk daemon services, end to end', () => {
  let sandbox: FastifyInstance;
  let simulator: FastifyInstance;
  let logging: FakeLoggingApp;
  let app: FastifyInstance;
  let support: FastifyInstance;
  let address: string;
  const token = 'integration-token';

  beforeAll(async () => {
    sandbox = await buildSandbox();
    const sandboxUrl = await sandbox.listen({ host: '127.0.0.1', port: 0 });
    simulator = await buildCardReaderSimulator({ logger: false });
    const readerUrl = await simulator.listen({ host: '127.0.0.1', port: 0 });
    logging = await startFakeLoggingApp();
    app = await buildTestApp({
      upstreamUrl: `${sandboxUrl}/api/v1`,
      cardReaderUrl: readerUrl,
      logUrl: logging.url,
      logBatchMs: 20,
      healthToken: token,
      simulateCardReader: true,
    });
    address = await app.listen({ host: '127.0.0.1', port: 0 });
    support = await buildSupportApp(app);
  });

  afterAll(async () => {
    await support?.close();
    await app?.close();
    await simulator?.close();
    await sandbox?.close();
    await logging?.close();
  });

  function connect(origin = address): { ws: WebSocket; events: ServerEvent[]; open: Promise<unknown> } {
    const ws = new WebSocket(`${address.replace('http', 'ws')}/events`, { origin });
    const events: ServerEvent[] = [];
    ws.on('message', (data: Buffer) => events.push(readServerEvent(data)));
    return { ws, events, open: new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject)) };
  }

  it('a whole swipe through the real upstream client and the sandbox decrypt route', async () => {
    const { ws, events, open } = connect();
    await open;
    const hello = await eventually(() => events.find((event) => event.type === 'hello'));
    expect(hello).toMatchObject({ type: 'hello', session: { active: expect.any(Boolean) } });

    await simulator.inject({ method: 'POST', url: '/__simulator/next', payload: { outcome: 'approve' } });
    const swipe = await app.inject({ method: 'POST', url: '/device/card/swipe' });
    expect(swipe.statusCode).toBe(202);
    const result = await eventually(() =>
      events.find((event) => event.type === 'swipe-result' || event.type === 'swipe-error'),
    );
    expect(result).toEqual({
      type: 'swipe-result',
      swipeId: swipe.json().swipeId,
      card: { name: 'JANE Q TENANT', card_number: '4111111111111111', exp_month: '12', exp_year: '30' },
    });
    ws.terminate();
  });

  it('the demo button swipes a test card through the daemon while a swipe waits', async () => {
    const { ws, events, open } = connect();
    await open;
    expect((await app.inject({ method: 'GET', url: '/device/card/simulate' })).json()).toMatchObject({
      available: true,
    });
    const swipe = await app.inject({ method: 'POST', url: '/device/card/swipe' });
    expect(swipe.statusCode).toBe(202);
    const demo = await app.inject({ method: 'POST', url: '/device/card/simulate', payload: { outcome: 'decline' } });
    expect(demo.statusCode).toBe(200);
    const result = await eventually(() => events.find((event) => event.type === 'swipe-result'));
    expect(result).toMatchObject({ card: { card_number: '4000000000000002' } });
    const refused = await app.inject({ method: 'POST', url: '/device/card/simulate', payload: { outcome: 'steal' } });
    expect(refused.statusCode).toBe(400);
    ws.terminate();
  });

  it('has no demo button when a real card reader is configured', async () => {
    const real = await buildTestApp({ upstreamUrl: 'http://127.0.0.1:9/api', simulateCardReader: false });
    const response = await real.inject({
      method: 'POST',
      url: '/device/card/simulate',
      payload: { outcome: 'approve' },
    });
    expect(response.statusCode).toBe(404);
    await real.close();
  });

  it('a foreign origin is refused', async () => {
    const { open } = connect('http://evil.example');
    await expect(open).rejects.toThrow(/403/);
  });

  it('UI log events reach the logging app with the session trace id, masked', async () => {
    app.session.handleClientEvent({
      type: 'activity',
      section: 'card_details',
      loggedIn: false,
      dossierPolling: false,
    });
    const response = await app.inject({
      method: 'POST',
      url: '/log',
      payload: {
        event_name: 'Navigation next',
        action: 'next',
        active_section: 'card_details',
        data: { cc_number: '4111111111111111', cvv: '123' },
      },
    });
    expect(response.statusCode).toBe(202);
    const [entry] = await logging.waitForEntries(1);
    expect(entry).toMatchObject({
      component: 'kiosk',
      log: {
        session_id: app.session.traceId(),
        facility_id: 'demo',
        data: { cc_number: '4111********1111', cvv: '[removed]' },
      },
    });
  });

  it('the support listener reports ready and serves metrics', async () => {
    const auth = { authorization: `Bearer ${token}` };
    expect((await support.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(401);
    await app.cardReader.checkHealth();
    const ready = await support.inject({ method: 'GET', url: '/health/ready', headers: auth });
    expect(ready.json()).toMatchObject({
      status: 'ready',
      upstream: { reachable: true },
      card_reader: { status: 'ok' },
    });
    await eventually(() => app.logPipeline.stats().lastShipAt !== null);
    const metrics = (await support.inject({ method: 'GET', url: '/metrics', headers: auth })).body;
    // Two swipes read in this file: the reader swipe and the demo-button swipe.
    expect(metrics).toMatch(/kiosk_card_swipes_total\{outcome="read"[^}]*\} 2/);
    expect(metrics).toMatch(/kiosk_log_events_total\{stage="shipped"[^}]*\} 1/);
  });

  it('an event sent after its session ended is filed under that session, not the next one', async () => {
    const activity = { type: 'activity', section: 'size_guide', loggedIn: false, dossierPolling: false } as const;
    app.session.handleClientEvent(activity);
    const ended = app.session.traceId();
    app.session.end('logout');
    app.session.handleClientEvent(activity);
    const next = app.session.traceId();
    expect(next).not.toBe(ended);

    const before = logging.entries.length;
    const sent = (session_id?: string) => ({
      event_name: 'Navigation sidebar',
      action: 'sidebar',
      active_section: 'home',
      session_id,
    });
    const response = await app.inject({
      method: 'POST',
      url: '/log',
      payload: [sent(ended), sent('made-up-session'), sent(undefined)],
    });
    expect(response.statusCode).toBe(202);
    const entries = (await logging.waitForEntries(before + 3)).slice(before);
    // An id the daemon never gave a session is not trusted: the current session's id instead.
    expect(entries.map((entry) => entry.log.session_id)).toEqual([ended, next, next]);
    app.session.end('logout');
  });
});
