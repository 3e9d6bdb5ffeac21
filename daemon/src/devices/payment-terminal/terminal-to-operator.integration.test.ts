import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { TerminalPaymentState } from '@kiosk/shared-types';
import { buildApp } from '../../app.js';
import { buildSandbox } from '../../sandbox/app.js';
import { asKioskPage } from '../../test-helpers/build-test-app.js';
import { eventually, testConfig } from '../../test-helpers/fake-services.js';
import { SIMULATOR_TEST_CARD_NUMBERS, startTerminalSimulator } from './simulator.js';

/**
 * A supplies sale paid on the terminal, from the page's tap to the operator's sale: the daemon
 * takes the payment on the simulator, records it with the sandbox operator through its outbox, and
 * the page's sale call carries only the reference; the reference pays once.
 */

const KEY = { identifier: 'kiosk-e2e-key', version: 1, passphrase: 'e2e-terminal-passphrase-40af' };
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

describe('a terminal payment from the terminal to the operator', { timeout: 20_000 }, () => {
  it('pays a supplies sale with the reference alone, once; no card reaches a call', async () => {
    const sim = await startTerminalSimulator({ poiId: 'V400m-346403161', key: KEY, cardTimeMs: 50 });
    cleanups.push(() => sim.close());
    const sandbox = await buildSandbox();
    const sandboxUrl = await sandbox.listen({ host: '127.0.0.1', port: 0 });
    cleanups.push(() => sandbox.close());
    const base = testConfig();
    const app: FastifyInstance = asKioskPage(
      await buildApp(
        {
          ...base,
          upstreamUrl: `${sandboxUrl}/api/v1`,
          payment: {
            ...base.payment,
            mode: 'terminal',
            terminalUrl: sim.url,
            terminalCaFile: sim.caFile,
            terminalKey: KEY,
          },
        },
        { logger: false },
      ),
    );
    await app.ready();
    cleanups.push(() => app.close());

    sim.setNext('approved', 'contactless');
    const started = await app.inject({
      method: 'POST',
      url: '/device/payment/terminal',
      payload: { purpose: 'merchandise', amountCents: 1284 },
    });
    const { transactionId } = started.json<TerminalPaymentState>();
    const approved = await eventually(() => {
      const payment = app.paymentTerminal.payment(transactionId);
      return payment?.stage === 'approved' ? payment : undefined;
    });
    expect(approved.receipt?.maskedPan).toBe('•••• 4444');
    await eventually(async () => {
      const { payments } = (await sandbox.inject({ url: '/__sandbox/terminal-payments' })).json();
      return payments.length === 1;
    });

    const sale = (fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/api/process-merchandise-sales/',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    const fields = {
      facility_id: 'demo',
      items: JSON.stringify([
        { item_id: 'box-medium', quantity: 2 },
        { item_id: 'tape', quantity: 1 },
      ]),
      total_amount: '12.84',
      terminal_transaction_id: transactionId,
    };
    const paid = await sale(fields);
    expect(paid.json().application_data).toMatchObject({ status: 'ok', result: { total: 12.84, card_last4: '4444' } });
    expect(app.paymentTerminal.approvedPayment(transactionId)?.used).toBe(true);
    const again = await sale(fields);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ reason: 'not-this-payment' });
    const { payments } = (await sandbox.inject({ url: '/__sandbox/terminal-payments' })).json();
    expect(payments).toMatchObject([{ transaction_id: transactionId, amount_cents: 1284, entry_mode: 'contactless' }]);
    for (const card of SIMULATOR_TEST_CARD_NUMBERS) {
      expect(JSON.stringify(payments)).not.toContain(card);
      expect(paid.body).not.toContain(card);
    }
    expect(sim.charges()).toEqual([{ transactionId, amountCents: 1284 }]);
  });
});
