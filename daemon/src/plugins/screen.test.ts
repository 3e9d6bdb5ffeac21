import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type WebSocket from 'ws';
import type { ClientEvent } from '@kiosk/shared-types';
import { buildServiceApp, eventually } from '../test-helpers/fake-services.js';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  while (apps.length > 0) await apps.pop()!.close();
});

async function screenApp(options: Parameters<typeof buildServiceApp>[0] = {}) {
  const app = await buildServiceApp({ plugins: ['screen'], ...options });
  apps.push(app);
  await app.ready();
  return app;
}

/** One sample's value from the app's /metrics text (labels as written, default label last). */
async function sample(app: FastifyInstance, series: string): Promise<number | undefined> {
  const text = await app.metrics.registry.metrics();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `) || candidate.startsWith(series));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

function send(ws: WebSocket, event: ClientEvent | Record<string, unknown>): void {
  ws.send(JSON.stringify(event));
}

describe('screen alive', () => {
  it('counts the page as connected while it sends heartbeats, and not once its socket closes', async () => {
    const app = await screenApp();
    expect(await sample(app, 'kiosk_ui_connected{app="kiosk_daemon"}')).toBe(0);
    const ws = await app.injectWS('/events');
    send(ws, { type: 'heartbeat', section: 'rent_this_space' });
    await eventually(async () => (await sample(app, 'kiosk_ui_connected{app="kiosk_daemon"}')) === 1);
    expect(await sample(app, 'kiosk_ui_unseen_seconds{app="kiosk_daemon"}')).toBe(0);
    expect(await sample(app, 'kiosk_ui_section_info{section="rent_this_space",app="kiosk_daemon"}')).toBe(1);
    ws.terminate();
    await eventually(async () => (await sample(app, 'kiosk_ui_connected{app="kiosk_daemon"}')) === 0);
  });

  it('a socket that never sent a heartbeat (a pong alone) is not a live screen', async () => {
    const app = await screenApp();
    await app.injectWS('/events');
    expect(app.events.clientCount()).toBe(1);
    expect(await sample(app, 'kiosk_ui_connected{app="kiosk_daemon"}')).toBe(0);
  });

  it('shows only the current section, and refuses a section that is not a code', async () => {
    const app = await screenApp();
    const ws = await app.injectWS('/events');
    send(ws, { type: 'heartbeat', section: 'home' });
    send(ws, { type: 'heartbeat', section: 'pay_bill' });
    send(ws, { type: 'heartbeat', section: 'Jane Doe <jane@example.com>' });
    await eventually(() => app.screen.section() === 'pay_bill');
    const text = await app.metrics.registry.metrics();
    expect(text.match(/^kiosk_ui_section_info\{.*$/gm)).toEqual([
      'kiosk_ui_section_info{section="pay_bill",app="kiosk_daemon"} 1',
    ]);
    expect(text).not.toContain('jane');
  });
});

describe('page errors and journeys', () => {
  it('counts page errors by kind from 0, and logs the message masked', async () => {
    const lines: string[] = [];
    const app = await screenApp({ logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } } });
    expect(await sample(app, 'kiosk_ui_errors_total{kind="unhandled-rejection",app="kiosk_daemon"}')).toBe(0);
    const ws = await app.injectWS('/events');
    send(ws, { type: 'ui-error', kind: 'unhandled-rejection', message: 'TypeError: card 4111111111111111 refused' });
    send(ws, { type: 'ui-error', kind: 'unknown-kind', message: 'x' });
    await eventually(
      async () => (await sample(app, 'kiosk_ui_errors_total{kind="unhandled-rejection",app="kiosk_daemon"}')) === 1,
    );
    expect(await sample(app, 'kiosk_ui_errors_total{kind="error",app="kiosk_daemon"}')).toBe(0);
    const logged = lines.join('');
    expect(logged).toContain('4111********1111');
    expect(logged).not.toContain('4111111111111111');
  });

  it('counts journeys by outcome from 0, refuses unknown outcomes, and keeps the time of the last rental', async () => {
    const app = await screenApp();
    const series = (journey: string, outcome: string) =>
      `kiosk_journeys_total{journey="${journey}",outcome="${outcome}",app="kiosk_daemon"}`;
    for (const [journey, outcome] of <Array<[string, string]>>[
      ['rental', 'completed'],
      ['rental', 'failed'],
      ['reservation', 'completed'],
      ['bill_payment', 'succeeded'],
      ['bill_payment', 'failed'],
      ['card_swipe', 'read'],
      ['merchandise', 'succeeded'],
      ['merchandise', 'failed'],
      ['contact_details', 'saved'],
      ['contact_details', 'refused'],
    ])
      expect(await sample(app, series(journey, outcome)), `${journey} ${outcome}`).toBe(0);
    expect(await sample(app, 'kiosk_last_rental_timestamp_seconds{app="kiosk_daemon"}')).toBe(0);
    const ws = await app.injectWS('/events');
    send(ws, { type: 'journey', journey: 'bill_payment', outcome: 'failed' });
    send(ws, { type: 'journey', journey: 'bill_payment', outcome: 'completed' });
    send(ws, { type: 'journey', journey: 'rental', outcome: 'completed', amount: 120 });
    send(ws, { type: 'journey', journey: 'merchandise', outcome: 'succeeded' });
    send(ws, { type: 'journey', journey: 'contact_details', outcome: 'saved' });
    await eventually(async () => (await sample(app, series('contact_details', 'saved'))) === 1);
    expect(await sample(app, series('rental', 'completed'))).toBe(1);
    expect(await sample(app, series('bill_payment', 'failed'))).toBe(1);
    expect(await sample(app, series('merchandise', 'succeeded'))).toBe(1);
    expect(await app.metrics.registry.metrics()).not.toMatch(
      /outcome="completed"[^\n]*journey="bill_payment"|journey="bill_payment",outcome="completed"/,
    );
    const lastRental = await sample(app, 'kiosk_last_rental_timestamp_seconds{app="kiosk_daemon"}');
    expect(Math.abs(lastRental! - Date.now() / 1000)).toBeLessThan(60);
  });
});

describe('browser restart', () => {
  it('restarts the browser once per silent period and counts it', async () => {
    let restarts = 0;
    await screenApp({
      config: { browserRestartAfterSeconds: 60 },
      screen: { restartBrowser: async () => void (restarts += 1), checkEveryMs: 10 },
    });
    // Nothing yet: the screen has been silent for less than a minute.
    await new Promise((done) => setTimeout(done, 50));
    expect(restarts).toBe(0);

    // Two minutes after the start, and no page ever spoke.
    let clock = Date.now();
    const silent = await screenApp({
      config: { browserRestartAfterSeconds: 60 },
      screen: { restartBrowser: async () => void (restarts += 1), checkEveryMs: 10, now: () => clock },
    });
    clock += 120_000;
    await eventually(() => restarts === 1);
    await new Promise((done) => setTimeout(done, 50));
    expect(restarts).toBe(1);
    expect(await sample(silent, 'kiosk_browser_restarts_total{result="ok",app="kiosk_daemon"}')).toBe(1);
    // Still silent a whole period later: one more try.
    clock += 61_000;
    await eventually(() => restarts === 2);
  });

  it('counts a failed restart', async () => {
    let clock = Date.now();
    const app = await screenApp({
      config: { browserRestartAfterSeconds: 60 },
      screen: {
        restartBrowser: async () => {
          throw new Error('Interactive authentication required.');
        },
        checkEveryMs: 10,
        now: () => clock,
      },
    });
    clock += 120_000;
    await eventually(
      async () => (await sample(app, 'kiosk_browser_restarts_total{result="failed",app="kiosk_daemon"}')) === 1,
    );
  });
});
