import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { PrinterHealth, ServerEvent } from '@kiosk/shared-types';
import { readServerEvent } from '../../test-helpers/server-events.js';
import { RENTAL_RECEIPT, RESERVATION_RECEIPT } from './receipt-fixtures.js';
import { PrinterSimulator } from './simulator.js';
import { buildServiceApp } from '../../test-helpers/fake-services.js';
import { buildSupportApp } from '../../plugins/health.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function startPrinter(): Promise<{ simulator: PrinterSimulator; url: string }> {
  const simulator = new PrinterSimulator();
  const url = await simulator.listen();
  cleanups.push(() => simulator.close());
  return { simulator, url };
}

async function startDaemon(printerUrl: string | null, timeoutMs = 3000, pollMs = 60_000) {
  const app = await buildServiceApp({
    plugins: ['printer'],
    config: { printerUrl, printerTimeoutMs: timeoutMs, printerPollMs: pollMs },
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
  const support = await buildSupportApp(app);
  cleanups.push(() => support.close());
  return { app, events, support };
}

const print = (app: FastifyInstance, receipt: object = RENTAL_RECEIPT) =>
  app.inject({ method: 'POST', url: '/device/printer/receipt', payload: { language: 'en', receipt } });

async function printerMetrics(support: FastifyInstance): Promise<string[]> {
  const text = (await support.inject({ method: 'GET', url: '/metrics' })).body;
  return text.split('\n').filter((line) => line.startsWith('kiosk_printer_'));
}

async function readyPrinter(support: FastifyInstance): Promise<PrinterHealth | null> {
  return (await support.inject({ method: 'GET', url: '/health/ready' })).json<{ printer: PrinterHealth | null }>()
    .printer;
}

describe('receipt printer', () => {
  it('prints a receipt: the printer holds its text, the UI hears print-result', async () => {
    const { simulator, url } = await startPrinter();
    const { app, events, support } = await startDaemon(url);
    const response = await print(app);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ printed: true });
    expect(simulator.jobs).toHaveLength(1);
    expect(simulator.jobs[0]).toMatchObject({ complete: true });
    expect(simulator.jobs[0]!.text).toContain('Paid with Visa ending in 1111');
    expect(events).toContainEqual(expect.objectContaining({ type: 'print-result', printed: true }));
    expect(await readyPrinter(support)).toEqual({ status: 'ok', configured: true, state: 'ok', canPrint: true });
    expect(await printerMetrics(support)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^kiosk_printer_up\{.*\} 1$/),
        expect.stringMatching(/^kiosk_printer_paper\{state="ok".*\} 1$/),
        expect.stringMatching(/^kiosk_printer_jobs_total\{outcome="printed".*\} 1$/),
      ]),
    );
  });

  it('no printer configured: status says so, printing is refused, no printer metrics', async () => {
    const { app, support } = await startDaemon(null);
    expect((await app.inject({ method: 'GET', url: '/device/printer' })).json()).toEqual({
      status: 'none',
      configured: false,
      state: 'unknown',
      canPrint: false,
    });
    const response = await print(app);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ reason: 'not-configured', message: 'No receipt printer is configured.' });
    expect(await printerMetrics(support)).toEqual([]);
    expect(await readyPrinter(support)).toEqual({
      status: 'none',
      configured: false,
      state: 'unknown',
      canPrint: false,
    });
  });

  it('paper out: nothing is sent, a clear reason, health and metrics show it', async () => {
    const { simulator, url } = await startPrinter();
    const { app, events, support } = await startDaemon(url);
    simulator.set({ paper_out: true });
    const response = await print(app);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ reason: 'paper-out', message: 'The printer is out of paper.' });
    expect(simulator.jobs).toEqual([]);
    expect(events).toContainEqual({
      type: 'printer-status',
      printer: { status: 'down', configured: true, state: 'paper-out', canPrint: false },
    });
    expect(await readyPrinter(support)).toMatchObject({ state: 'paper-out', canPrint: false });
    const metrics = await printerMetrics(support);
    expect(metrics).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^kiosk_printer_up\{.*\} 0$/),
        expect.stringMatching(/^kiosk_printer_paper\{state="out".*\} 1$/),
        expect.stringMatching(/^kiosk_printer_jobs_total\{outcome="paper-out".*\} 1$/),
      ]),
    );
    // Paper refilled: the next check finds it and the receipt prints.
    simulator.set({ paper_out: false, paper_low: true });
    expect((await app.inject({ method: 'GET', url: '/device/printer' })).json()).toMatchObject({
      status: 'ok',
      state: 'paper-low',
      canPrint: true,
    });
    expect((await print(app)).statusCode).toBe(200);
    expect(await printerMetrics(support)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^kiosk_printer_paper\{state="low".*\} 1$/)]),
    );
  });

  it('the status poll finds a refilled printer by itself and tells the UI', async () => {
    const { simulator, url } = await startPrinter();
    simulator.set({ paper_out: true });
    const { app, events } = await startDaemon(url, 3000, 100);
    expect((await app.inject({ method: 'GET', url: '/device/printer' })).json()).toMatchObject({ state: 'paper-out' });
    // Nothing asks after this: only the poll can find the paper.
    simulator.set({ paper_out: false });
    await vi.waitFor(
      () =>
        expect(events.at(-1)).toEqual({
          type: 'printer-status',
          printer: { status: 'ok', configured: true, state: 'ok', canPrint: true },
        }),
      { timeout: 5000 },
    );
  });

  it('offline and cover open are refused with their reasons', async () => {
    const { simulator, url } = await startPrinter();
    const { app } = await startDaemon(url);
    simulator.set({ cover_open: true });
    expect((await print(app)).json()).toMatchObject({ reason: 'cover-open', message: 'The printer cover is open.' });
    simulator.set({ cover_open: false, offline: true });
    expect((await print(app)).json()).toMatchObject({ reason: 'offline', message: 'The printer is offline.' });
    expect(simulator.jobs).toEqual([]);
  });

  it('a printer that hangs: the job ends with a timeout and the daemon keeps serving', async () => {
    const { simulator, url } = await startPrinter();
    const { app, support } = await startDaemon(url, 300);
    simulator.set({ hang: true });
    const response = await print(app);
    expect(response.statusCode).toBe(504);
    expect(response.json()).toMatchObject({ reason: 'timeout', message: 'The printer did not answer in time.' });
    expect(await readyPrinter(support)).toMatchObject({ state: 'unreachable', canPrint: false });
    expect((await support.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    simulator.set({ hang: false });
    expect((await print(app, RESERVATION_RECEIPT)).statusCode).toBe(200);
  });

  it('a printer that closes the connection mid-job: connection-lost, the next job prints', async () => {
    const { simulator, url } = await startPrinter();
    const { app, support } = await startDaemon(url);
    simulator.set({ close_mid_job: true });
    const response = await print(app);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      reason: 'connection-lost',
      message: 'The printer closed the connection before the receipt was finished.',
    });
    expect(simulator.jobs.map((job) => job.complete)).toEqual([false]);
    expect(await printerMetrics(support)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^kiosk_printer_jobs_total\{outcome="connection-lost".*\} 1$/)]),
    );
    simulator.set({ close_mid_job: false });
    expect((await print(app)).statusCode).toBe(200);
  });

  it('a printer that is not there: unreachable', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const { app } = await startDaemon(`tcp://127.0.0.1:${port}`);
    const response = await print(app);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ reason: 'unreachable', message: 'The printer is not answering.' });
  });

  it('one receipt at a time', async () => {
    const { url } = await startPrinter();
    const { app } = await startDaemon(url);
    const [first, second] = await Promise.all([print(app), print(app, RESERVATION_RECEIPT)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect([first, second].find((answer) => answer.statusCode === 409)!.json()).toMatchObject({
      reason: 'busy',
      message: 'A receipt is already printing.',
    });
  });

  it('refuses a receipt with a full card number or a bad shape, printing nothing', async () => {
    const { simulator, url } = await startPrinter();
    const { app } = await startDaemon(url);
    const withCard = await print(app, { ...RENTAL_RECEIPT, card_brand: 'Visa 4111111111111111' });
    expect(withCard.statusCode).toBe(400);
    expect(withCard.json().message).toMatch(/never shows a full card number/);
    const badLast4 = await print(app, { ...RENTAL_RECEIPT, card_last4: '4111111111111111' });
    expect(badLast4.statusCode).toBe(400);
    expect(badLast4.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(simulator.jobs).toEqual([]);
  });
});
