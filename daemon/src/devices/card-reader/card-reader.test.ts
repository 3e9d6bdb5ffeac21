import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ServerEvent } from '@kiosk/shared-types';
import { readServerEvent } from '../../test-helpers/server-events.js';
import { buildCardReaderSimulator } from './simulator.js';
import {
  buildServiceApp,
  eventually,
  sandboxLikeUpstream,
  type FakeUpstreamHandler,
} from '../../test-helpers/fake-services.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function startSimulator(waitTimeMs = 2000): Promise<{ simulator: FastifyInstance; url: string }> {
  const simulator = await buildCardReaderSimulator({ logger: false, waitTimeMs });
  const url = await simulator.listen({ host: '127.0.0.1', port: 0 });
  cleanups.push(() => simulator.close());
  return { simulator, url };
}

async function startDaemon(
  cardReaderUrl: string,
  options: { timeoutMs?: number; upstream?: FakeUpstreamHandler } = {},
) {
  const app = await buildServiceApp({
    plugins: ['card-reader'],
    config: { cardReaderUrl, cardReaderTimeoutMs: options.timeoutMs ?? 3000, cardReaderPollMs: 60_000 },
    upstream: options.upstream ?? sandboxLikeUpstream,
  });
  await app.ready();
  cleanups.push(() => app.close());
  const events: ServerEvent[] = [];
  const socket = await app.injectWS(
    '/events',
    {},
    { onInit: (ws) => ws.on('message', (data: Buffer) => events.push(readServerEvent(data))) },
  );
  cleanups.push(async () => socket.terminate());
  const next = (type: ServerEvent['type'], after = 0) =>
    eventually(() => events.slice(after).find((event) => event.type === type));
  return { app, events, next };
}

async function swipeNow(app: FastifyInstance) {
  const response = await app.inject({ method: 'POST', url: '/device/card/swipe' });
  expect(response.statusCode).toBe(202);
  return response.json<{ swipeId: string }>().swipeId;
}

/** A port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('card swipe with the simulator', () => {
  it('a swipe while the reader waits: started, then the decrypted card is pushed', async () => {
    const { simulator, url } = await startSimulator();
    const { app, next } = await startDaemon(url);
    const swipeId = await swipeNow(app);
    expect(await next('swipe-started')).toEqual({ type: 'swipe-started', swipeId, waitSeconds: 45 });

    // The "demo button": the card is swiped while RequestCardSwipe is pending.
    await eventually(
      async () =>
        (await simulator.inject({ method: 'GET', url: '/__simulator/state' })).json<{ waiting: boolean }>().waiting,
    );
    await simulator.inject({
      method: 'POST',
      url: '/__simulator/next',
      payload: { outcome: 'amex', name: 'JOHN SMITH' },
    });

    expect(await next('swipe-result')).toEqual({
      type: 'swipe-result',
      swipeId,
      card: { name: 'JOHN SMITH', card_number: '378282246310005', exp_month: '12', exp_year: '30' },
    });
    const metrics = await app.metrics.registry.getSingleMetricAsString('kiosk_card_swipes_total');
    expect(metrics).toMatch(/kiosk_card_swipes_total\{outcome="read"[^}]*\} 1/);
  });

  it('only one swipe at a time: a second request gets a clear 409', async () => {
    const { url } = await startSimulator();
    const { app } = await startDaemon(url);
    await swipeNow(app);
    const second = await app.inject({ method: 'POST', url: '/device/card/swipe' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'A card swipe is already in progress.',
    });
  });

  it('cancel ends the swipe with a cancelled error and frees the reader', async () => {
    const { simulator, url } = await startSimulator();
    const { app, events, next } = await startDaemon(url);
    const swipeId = await swipeNow(app);
    await eventually(
      async () =>
        (await simulator.inject({ method: 'GET', url: '/__simulator/state' })).json<{ waiting: boolean }>().waiting,
    );

    const cancel = await app.inject({ method: 'POST', url: '/device/card/cancel' });
    expect(cancel.json()).toEqual({ cancelled: true });
    expect(await next('swipe-error')).toMatchObject({ swipeId, reason: 'cancelled' });
    // The simulator noticed the abandoned request, so a new swipe can be served.
    await eventually(
      async () =>
        !(await simulator.inject({ method: 'GET', url: '/__simulator/state' })).json<{ waiting: boolean }>().waiting,
    );

    await simulator.inject({ method: 'POST', url: '/__simulator/next', payload: { outcome: 'approve' } });
    const after = events.length;
    const second = await swipeNow(app);
    expect(await next('swipe-result', after)).toMatchObject({
      swipeId: second,
      card: { card_number: '4111111111111111' },
    });
    expect((await app.inject({ method: 'POST', url: '/device/card/cancel' })).json()).toEqual({ cancelled: false });
  });

  it.each([
    ['decline', '4000000000000002'],
    ['nsf', '4000000000009995'],
  ])('a %s test card is read like any card (the payment decides)', async (outcome, number) => {
    const { simulator, url } = await startSimulator();
    await simulator.inject({ method: 'POST', url: '/__simulator/next', payload: { outcome } });
    const { app, next } = await startDaemon(url);
    await swipeNow(app);
    expect(await next('swipe-result')).toMatchObject({ card: { card_number: number, name: 'JANE Q TENANT' } });
  });

  it('no card within the wait: reader-timeout', async () => {
    const { url } = await startSimulator(100);
    const { app, next } = await startDaemon(url);
    await swipeNow(app);
    expect(await next('swipe-error')).toMatchObject({ reason: 'reader-timeout' });
  });
});

describe('more time for the card (WCAG 2.2.1, docs/accessibility.md "Time limits")', () => {
  const waitingForCard = (simulator: FastifyInstance) =>
    eventually(
      async () =>
        (await simulator.inject({ method: 'GET', url: '/__simulator/state' })).json<{ waiting: boolean }>().waiting,
    );
  const moreTime = async (app: FastifyInstance) =>
    (await app.inject({ method: 'POST', url: '/device/card/more-time' })).json<{ extended: boolean }>();

  it('asked ten times: each time the whole wait again, and the swipe still takes the card', async () => {
    const { simulator, url } = await startSimulator(5000);
    const { app, events, next } = await startDaemon(url);
    const swipeId = await swipeNow(app);
    await next('swipe-started');
    await waitingForCard(simulator);
    for (let answer = 1; answer <= 10; answer += 1) {
      expect(await moreTime(app), `more time #${answer}`).toEqual({ extended: true });
      await eventually(() => events.filter((event) => event.type === 'swipe-started').length === answer + 1);
    }
    expect(events.filter((event) => event.type === 'swipe-started')).toEqual(
      Array.from({ length: 11 }, () => ({ type: 'swipe-started', swipeId, waitSeconds: 45 })),
    );
    await simulator.inject({ method: 'POST', url: '/__simulator/next', payload: { outcome: 'approve' } });
    expect(await next('swipe-result')).toMatchObject({ swipeId, card: { card_number: '4111111111111111' } });
    expect(events.filter((event) => event.type === 'swipe-error')).toEqual([]);
  });

  it('a reader whose wait ends after more time was asked is asked again; the next end without it ends the swipe', async () => {
    const { simulator, url } = await startSimulator(1000);
    const { app, events, next } = await startDaemon(url);
    const swipeId = await swipeNow(app);
    await waitingForCard(simulator);
    expect(await moreTime(app)).toEqual({ extended: true });
    expect(await next('swipe-error')).toMatchObject({ swipeId, reason: 'reader-timeout' });
    const state = (await simulator.inject({ method: 'GET', url: '/__simulator/state' })).json<{
      swipeRequests: number;
    }>();
    expect(state.swipeRequests).toBe(2);
    expect(events.filter((event) => event.type === 'swipe-error')).toHaveLength(1);
  });

  it('with no swipe waiting for a card there is no time to give', async () => {
    const { url } = await startSimulator();
    const { app } = await startDaemon(url);
    expect(await moreTime(app)).toEqual({ extended: false });
  });
});

describe('a reader that misbehaves yields a clear error event, never a stuck swipe', () => {
  it('absent (nothing listening): reader-down, and the reader status turns down', async () => {
    const { app, next } = await startDaemon(`http://127.0.0.1:${await closedPort()}`);
    await swipeNow(app);
    expect(await next('swipe-error')).toMatchObject({ reason: 'reader-down' });
    expect(app.cardReader.status()).toBe('down');
    // The daemon is still serving.
    expect((await app.inject({ method: 'POST', url: '/device/card/cancel' })).statusCode).toBe(200);
  });

  it('refuses (HTTP 500): reader-down', async () => {
    const { simulator, url } = await startSimulator();
    await simulator.inject({ method: 'POST', url: '/__simulator/next', payload: { outcome: 'fail' } });
    const { app, next } = await startDaemon(url);
    await swipeNow(app);
    expect(await next('swipe-error')).toMatchObject({ reason: 'reader-down' });
  });

  it('answers garbage: reader-garbage', async () => {
    const { simulator, url } = await startSimulator();
    await simulator.inject({ method: 'POST', url: '/__simulator/next', payload: { outcome: 'garbage' } });
    const { app, next } = await startDaemon(url);
    await swipeNow(app);
    expect(await next('swipe-error')).toMatchObject({ reason: 'reader-garbage' });
  });

  it('hangs: reader-timeout after the configured bound, and the next swipe works', async () => {
    const { simulator, url } = await startSimulator();
    await simulator.inject({ method: 'POST', url: '/__simulator/next', payload: { outcome: 'hang' } });
    const { app, events, next } = await startDaemon(url, { timeoutMs: 300 });
    const started = Date.now();
    await swipeNow(app);
    expect(await next('swipe-error')).toMatchObject({ reason: 'reader-timeout' });
    expect(Date.now() - started).toBeLessThan(2000);

    await simulator.inject({ method: 'POST', url: '/__simulator/next', payload: { outcome: 'approve' } });
    const after = events.length;
    await swipeNow(app);
    expect(await next('swipe-result', after)).toMatchObject({ type: 'swipe-result' });
  });

  it('decrypt refused by the operator API: decrypt-failed', async () => {
    const { simulator, url } = await startSimulator();
    await simulator.inject({ method: 'POST', url: '/__simulator/next', payload: { outcome: 'approve' } });
    const down: FakeUpstreamHandler = async () => {
      throw Object.assign(new Error('Operator API call decryptCard failed: not reachable'), { kind: 'down' });
    };
    const { app, next } = await startDaemon(url, { upstream: down });
    await swipeNow(app);
    expect(await next('swipe-error')).toMatchObject({ reason: 'decrypt-failed' });
  });
});

describe('reader health', () => {
  it('GET /device/card/health checks now; a change is pushed as reader-status', async () => {
    const { simulator, url } = await startSimulator();
    const { app, events, next } = await startDaemon(url);
    expect((await app.inject({ method: 'GET', url: '/device/card/health' })).json()).toEqual({ status: 'ok' });
    await next('reader-status');

    await simulator.inject({ method: 'POST', url: '/__simulator/health', payload: { ok: false } });
    const after = events.length;
    expect((await app.inject({ method: 'GET', url: '/device/card/health' })).json()).toEqual({ status: 'down' });
    expect(await next('reader-status', after)).toMatchObject({ status: 'down' });
    expect(await app.metrics.registry.getSingleMetricAsString('kiosk_card_reader_up')).toMatch(
      /kiosk_card_reader_up(\{[^}]*\})? 0/,
    );
  });

  it('a device whose CheckHealth never answers is down once the health wait is over', async () => {
    const { simulator, url } = await startSimulator();
    const { app } = await startDaemon(url, { timeoutMs: 300 });
    await simulator.inject({ method: 'POST', url: '/__simulator/health', payload: { ok: true, answer: false } });
    expect((await app.inject({ method: 'GET', url: '/device/card/health' })).json()).toEqual({ status: 'down' });
    const state = (await simulator.inject({ method: 'GET', url: '/__simulator/state' })).json();
    expect(state).toMatchObject({ healthAnswers: false });
  });

  it('is polled on the interval', async () => {
    const { url } = await startSimulator();
    const app = await buildServiceApp({
      plugins: ['card-reader'],
      config: { cardReaderUrl: url, cardReaderPollMs: 100 },
    });
    cleanups.push(() => app.close());
    expect(app.cardReader.status()).toBe('unknown');
    await app.ready();
    await eventually(() => app.cardReader.status() === 'ok');
  });
});
