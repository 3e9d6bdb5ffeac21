import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildSandbox } from '../sandbox/app.js';
import { buildCoreApp } from '../test-helpers/core-app.js';
import type { ApprovedTerminalPayment, TerminalPaymentLookup } from '../visit/terminal-reference.js';

/**
 * A terminal payment from the operator's record to the purpose call, through the daemon's proxy and
 * the sandbox: the daemon records the approved payment (as its outbox does), the page pays the
 * rental and a supplies sale with the references alone, and neither can be used again or recorded
 * by the page.
 */
describe('terminal payments, daemon and sandbox', () => {
  let sandbox: FastifyInstance;
  let app: FastifyInstance;
  const approved: Record<string, Omit<ApprovedTerminalPayment, 'used'>> = {
    'tx-rental-1': { purpose: 'rental', amountCents: 7250 },
    'tx-sale-1': { purpose: 'merchandise', amountCents: 1284 },
  };
  const used = new Set<string>();
  const paymentTerminal: TerminalPaymentLookup = {
    approvedPayment: (id) => (approved[id] ? { ...approved[id], used: used.has(id) } : undefined),
    markUsed: (id) => void used.add(id),
  };

  beforeAll(async () => {
    sandbox = await buildSandbox();
    const sandboxUrl = await sandbox.listen({ host: '127.0.0.1', port: 0 });
    ({ app } = await buildCoreApp({ upstreamUrl: `${sandboxUrl}/api/v1` }));
    app.decorate('paymentTerminal', paymentTerminal);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await sandbox?.close();
  });

  /** The daemon's record of an approved payment, straight to the operator as the outbox sends it. */
  const record = (transactionId: string, purpose: string, amount: string) =>
    sandbox.inject({
      method: 'POST',
      url: '/api/v1/facilities/demo/terminal-payments/',
      headers: { 'x-api-key': 'k', 'idempotency-key': transactionId },
      payload: {
        transaction_id: transactionId,
        purpose,
        amount,
        currency: 'USD',
        psp_reference: `psp-${transactionId}`,
        auth_code: '083761',
        masked_pan: '•••• 0119',
        brand: 'visa',
        application_label: 'VISA CREDIT',
        aid: 'A0000000031010',
        entry_mode: 'contactless',
        terminal_id: 'V400m-346111111',
        approved_at: '2026-11-28T08:01:02.000Z',
      },
    });
  const page = (url: string, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: `/api/${url}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  it('pays a rental and a sale with their references once; the page can record nothing', async () => {
    expect((await record('tx-rental-1', 'rental', '72.50')).statusCode).toBe(201);
    expect((await record('tx-sale-1', 'merchandise', '12.84')).statusCode).toBe(201);

    const held = await page('facilities/demo/spaces/sp-b-10/hold/', { facility_id: 'demo', space_id: 'sp-b-10' });
    const token = held.json().application_data.result.token as string;
    const rental = {
      facility_id: 'demo',
      space_id: 'sp-b-10',
      hold_token: token,
      tenant_first_name: 'Jane',
      tenant_last_name: 'Tenant',
      tenant_email: 'jane.tenant@example.com',
      tenant_phone: '(217) 555-0182',
      total_amount: '72.50',
      terminal_transaction_id: 'tx-rental-1',
    };
    const rented = await page('facilities/demo/rental/', rental);
    expect(rented.json().application_data).toMatchObject({ status: 'ok', result: { unit_door_number: 'B-10' } });
    expect(used.has('tx-rental-1')).toBe(true);

    const sale = await page('process-merchandise-sales/', {
      facility_id: 'demo',
      items: JSON.stringify([
        { item_id: 'box-medium', quantity: 2 },
        { item_id: 'tape', quantity: 1 },
      ]),
      total_amount: '12.84',
      terminal_transaction_id: 'tx-sale-1',
    });
    expect(sale.json().application_data).toMatchObject({ status: 'ok', result: { total: 12.84, card_last4: '0119' } });

    // Used: refused by the daemon before the operator sees it.
    const again = await page('process-merchandise-sales/', {
      facility_id: 'demo',
      items: JSON.stringify([{ item_id: 'tape', quantity: 1 }]),
      total_amount: '12.84',
      terminal_transaction_id: 'tx-sale-1',
    });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ reason: 'not-this-payment' });

    const forged = await app.inject({
      method: 'POST',
      url: '/api/facilities/demo/terminal-payments/',
      payload: { transaction_id: 'tx-forged', purpose: 'rental', amount: '72.50' },
    });
    expect(forged.statusCode).toBe(403);

    const { payments } = (await sandbox.inject({ url: '/__sandbox/terminal-payments' })).json();
    expect(
      payments.map((payment: { transaction_id: string; used_by: string | null }) => payment.transaction_id),
    ).toEqual(['tx-rental-1', 'tx-sale-1']);
    expect(payments.every((payment: { used_by: string | null }) => payment.used_by !== null)).toBe(true);
  });
});
