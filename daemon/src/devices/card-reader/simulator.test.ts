import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildCardReaderSimulator, decryptSimulatedSwipe, encryptSimulatedSwipe } from './simulator.js';

let simulator: FastifyInstance | undefined;
afterEach(async () => {
  await simulator?.close();
  simulator = undefined;
});

async function start(waitTimeMs?: number): Promise<FastifyInstance> {
  simulator = await buildCardReaderSimulator(waitTimeMs === undefined ? {} : { waitTimeMs });
  return simulator;
}

const swipeRequest = { ConnectionType: 4, WaitTime: 45 };

describe('card-reader simulator', () => {
  it('round-trips the fake encryption the sandbox decrypt route reverses', () => {
    const card = { name: 'JANE Q TENANT', card_number: '4111111111111111', exp_month: '12', exp_year: '30' };
    const data = encryptSimulatedSwipe(card);
    expect(data).toMatch(/^SIMENC:[A-Za-z0-9+/=]+$/);
    expect(decryptSimulatedSwipe(data)).toEqual(card);
    expect(decryptSimulatedSwipe('SIMENC:bm90IGpzb24=')).toBeUndefined();
    expect(decryptSimulatedSwipe('other')).toBeUndefined();
  });

  it('returns the queued test card on the next RequestCardSwipe', async () => {
    const app = await start();
    await app.inject({ method: 'POST', url: '/__simulator/next', payload: { outcome: 'nsf', name: 'SAM SPADE' } });
    const response = await app.inject({ method: 'POST', url: '/RequestCardSwipe', payload: swipeRequest });
    const body = response.json<{ Status: string; CardData: string }>();
    expect(body.Status).toBe('OK');
    expect(decryptSimulatedSwipe(body.CardData)).toEqual({
      name: 'SAM SPADE',
      card_number: '4000000000009995',
      exp_month: '12',
      exp_year: '30',
    });
  });

  it('waits for a control call like a reader waits for a card, then Timeout when none comes', async () => {
    const app = await start(100);
    const pending = app.inject({ method: 'POST', url: '/RequestCardSwipe', payload: swipeRequest });
    expect((await pending).json()).toEqual({ Status: 'Timeout' });
  });

  it('a control call while waiting answers the pending swipe', async () => {
    const app = await start(5000);
    const pending = app.inject({ method: 'POST', url: '/RequestCardSwipe', payload: swipeRequest });
    while (!(await app.inject({ method: 'GET', url: '/__simulator/state' })).json<{ waiting: boolean }>().waiting) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const control = await app.inject({ method: 'POST', url: '/__simulator/next', payload: { outcome: 'decline' } });
    expect(control.json()).toEqual({ outcome: 'decline', delivered: true });
    const body = (await pending).json<{ CardData: string }>();
    expect(decryptSimulatedSwipe(body.CardData)?.card_number).toBe('4000000000000002');
  });

  it('plays failures: fail (500), garbage (not JSON), timeout', async () => {
    const app = await start();
    await app.inject({ method: 'POST', url: '/__simulator/next', payload: { outcome: 'fail' } });
    expect((await app.inject({ method: 'POST', url: '/RequestCardSwipe', payload: swipeRequest })).statusCode).toBe(
      500,
    );
    await app.inject({ method: 'POST', url: '/__simulator/next', payload: { outcome: 'garbage' } });
    const garbage = await app.inject({ method: 'POST', url: '/RequestCardSwipe', payload: swipeRequest });
    expect(() => JSON.parse(garbage.body)).toThrow();
    await app.inject({ method: 'POST', url: '/__simulator/next', payload: { outcome: 'timeout' } });
    expect((await app.inject({ method: 'POST', url: '/RequestCardSwipe', payload: swipeRequest })).json()).toEqual({
      Status: 'Timeout',
    });
  });

  it('refuses a wrong ConnectionType and unknown outcomes', async () => {
    const app = await start();
    expect(
      (await app.inject({ method: 'POST', url: '/RequestCardSwipe', payload: { ConnectionType: 1, WaitTime: 45 } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await app.inject({ method: 'POST', url: '/__simulator/next', payload: { outcome: 'maybe' } })).statusCode,
    ).toBe(400);
  });

  it('CheckHealth follows the health control', async () => {
    const app = await start();
    expect((await app.inject({ method: 'GET', url: '/CheckHealth' })).json()).toEqual({ statusText: 'OK' });
    const health = await app.inject({ method: 'POST', url: '/__simulator/health', payload: { ok: false } });
    expect(health.json()).toEqual({ ok: false, answer: true });
    const down = await app.inject({ method: 'GET', url: '/CheckHealth' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ statusText: 'Reader not connected' });
  });

  it('tells its state, and a reset brings it back to a healthy reader with nothing queued', async () => {
    const app = await start();
    await app.inject({ method: 'POST', url: '/__simulator/health', payload: { ok: false, answer: false } });
    const queued = await app.inject({ method: 'POST', url: '/__simulator/next', payload: { outcome: 'amex' } });
    expect(queued.json()).toEqual({ outcome: 'amex', delivered: false });
    const state = async () => (await app.inject({ method: 'GET', url: '/__simulator/state' })).json();
    expect(await state()).toEqual({
      healthy: false,
      healthAnswers: false,
      waiting: false,
      queued: 1,
      swipeRequests: 0,
    });
    expect((await app.inject({ method: 'POST', url: '/__simulator/reset' })).json()).toEqual({ reset: true });
    expect(await state()).toEqual({ healthy: true, healthAnswers: true, waiting: false, queued: 0, swipeRequests: 0 });
  });
});
