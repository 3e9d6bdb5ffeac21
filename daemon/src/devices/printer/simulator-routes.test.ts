import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { PrinterSimulator } from './simulator.js';
import printerRoutes from './simulator-routes.js';

const printer = new PrinterSimulator();
const app = Fastify();
await app.register(printerRoutes, { printer });

afterEach(() => printer.reset());

const OFF = {
  paper_out: false,
  paper_low: false,
  cover_open: false,
  offline: false,
  hang: false,
  close_mid_job: false,
};

describe('the printer simulator controls (/__sandbox/printer)', () => {
  it('answers its switches, the status requests and every field of the receipts it printed', async () => {
    printer.statusRequests = 3;
    printer.jobs.push({ at: '2026-05-01T10:00:00.000Z', bytes: 42, text: 'RECEIPT\nTotal $10.00', complete: false });
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.json()).toEqual({
      switches: OFF,
      status_requests: 3,
      jobs: [{ at: '2026-05-01T10:00:00.000Z', bytes: 42, text: 'RECEIPT\nTotal $10.00', complete: false }],
    });
  });

  it('turns switches on and off and answers all of them; refuses an empty change and ignores an unknown switch', async () => {
    const set = await app.inject({ method: 'POST', url: '/', payload: { paper_out: true, hang: false } });
    expect(set.json()).toEqual({ switches: { ...OFF, paper_out: true } });
    expect((await app.inject({ method: 'POST', url: '/', payload: { jam: true } })).json()).toEqual({
      switches: { ...OFF, paper_out: true },
    });
    expect((await app.inject({ method: 'POST', url: '/', payload: {} })).statusCode).toBe(400);
    expect(printer.switches).toEqual({ ...OFF, paper_out: true });
  });

  it('resets to all switches off and no receipts', async () => {
    printer.set({ offline: true });
    printer.jobs.push({ at: '2026-05-01T10:00:00.000Z', bytes: 1, text: 'x', complete: true });
    expect((await app.inject({ method: 'POST', url: '/reset' })).json()).toEqual({ reset: true });
    expect((await app.inject({ method: 'GET', url: '/' })).json()).toEqual({
      switches: OFF,
      status_requests: 0,
      jobs: [],
    });
  });
});
