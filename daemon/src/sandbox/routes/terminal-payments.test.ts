import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from '../app.js';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildSandbox();
});
beforeEach(async () => {
  await app.inject({ method: 'POST', url: '/__sandbox/reset' });
});
afterAll(async () => {
  await app.close();
});

/** A record as the daemon sends it once the terminal approved a $59.00 bill payment. */
export const approvedBill = {
  transaction_id: 'tx-7f3a9c',
  purpose: 'bill',
  amount: '59.00',
  currency: 'USD',
  tenant_id: 't-5001',
  space_id: 'sp-a102',
  psp_reference: '8816178952125783',
  auth_code: '083761',
  masked_pan: '•••• 0119',
  brand: 'visa',
  application_label: 'VISA CREDIT',
  aid: 'A0000000031010',
  entry_mode: 'contactless',
  terminal_id: 'V400m-346111111',
  approved_at: '2026-11-28T08:01:02.000Z',
};

const record = async (body: Record<string, unknown>, facility = 'demo') =>
  app.inject({
    method: 'POST',
    url: `/api/v1/facilities/${facility}/terminal-payments/`,
    headers: { 'x-api-key': 'k' },
    payload: body,
  });

const recorded = async () => (await app.inject({ url: '/__sandbox/terminal-payments' })).json().payments;

describe('recording a terminal payment', () => {
  it('answers 201 with a payment id and keeps the reference and receipt fields', async () => {
    const answer = await record(approvedBill);
    expect(answer.statusCode).toBe(201);
    const paymentId = answer.json().application_data.result.payment_id;
    expect(paymentId).toMatch(/^TP-/);
    expect(await recorded()).toEqual([
      expect.objectContaining({
        payment_id: paymentId,
        transaction_id: 'tx-7f3a9c',
        purpose: 'bill',
        amount_cents: 5900,
        psp_reference: '8816178952125783',
        masked_pan: '•••• 0119',
        tenant_id: 't-5001',
        space_id: 'sp-a102',
        used_by: null,
        has_recurring_token: false,
      }),
    ]);
  });

  it('records a repeated transaction id once and answers the first payment id again', async () => {
    const first = (await record(approvedBill)).json().application_data.result.payment_id;
    const again = await record(approvedBill);
    expect(again.statusCode).toBe(201);
    expect(again.json().application_data.result.payment_id).toBe(first);
    // The outbox's own retry, with its idempotency key, as well.
    const keyed = await app.inject({
      method: 'POST',
      url: '/api/v1/facilities/demo/terminal-payments/',
      headers: { 'x-api-key': 'k', 'idempotency-key': 'tx-7f3a9c' },
      payload: approvedBill,
    });
    expect(keyed.json().application_data.result.payment_id).toBe(first);
    expect(await recorded()).toHaveLength(1);
  });

  it('refuses the same transaction id for another payment (409), keeping the first', async () => {
    await record(approvedBill);
    const other = await record({ ...approvedBill, amount: '60.00' });
    expect(other.statusCode).toBe(409);
    expect(other.json().application_data.code).toBe('TransactionIdReused');
    expect((await recorded()).map((payment: { amount_cents: number }) => payment.amount_cents)).toEqual([5900]);
  });

  it.each([
    ['a card number field', { card_number: '4111111111111111' }, 'card_number'],
    ['an empty card number field', { card_number: '' }, 'card_number'],
    ['an expiry', { exp_month: '12', exp_year: '2030' }, 'exp_month'],
    ['a security code', { cvv: '123' }, 'cvv'],
    ['a card number under another name', { reference_note: '4111 1111 1111 1111' }, 'reference_note'],
  ])('refuses a record carrying %s (400 CardDataRefused), recording nothing', async (_label, extra, field) => {
    const answer = await record({ ...approvedBill, ...extra });
    expect(answer.statusCode).toBe(400);
    const body = answer.json().application_data;
    expect(body.code).toBe('CardDataRefused');
    expect(Object.keys(body.errors)).toContain(field);
    expect(JSON.stringify(body)).not.toContain('4111111111111111');
    expect(await recorded()).toEqual([]);
  });

  it.each([
    ['a whole card number as the masked pan', { masked_pan: '411111111111' }],
    ['a masked pan showing six digits', { masked_pan: '411111••••••0119' }],
    ['an amount without cents', { amount: '59' }],
    ['an unknown purpose', { purpose: 'donation' }],
  ])('refuses %s (400), recording nothing', async (_label, extra) => {
    const answer = await record({ ...approvedBill, ...extra });
    expect(answer.statusCode).toBe(400);
    expect(await recorded()).toEqual([]);
  });

  it('refuses a record without the terminal reference', async () => {
    const { psp_reference: _reference, ...withoutReference } = approvedBill;
    const answer = await record(withoutReference);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().application_data.errors).toHaveProperty('psp_reference');
  });

  it('refuses 0.00 except for an autopay card check', async () => {
    expect((await record({ ...approvedBill, amount: '0.00' })).statusCode).toBe(400);
    expect((await record({ ...approvedBill, purpose: 'autopay', amount: '0.00' })).statusCode).toBe(201);
  });

  it('answers 404 for a facility it does not know', async () => {
    expect((await record(approvedBill, 'nowhere')).statusCode).toBe(404);
  });

  it('keeps a recurring token for autopay but never shows it', async () => {
    await record({ ...approvedBill, purpose: 'autopay', recurring_token: 'rt_8415718415172200' });
    const listed = await app.inject({ url: '/__sandbox/terminal-payments' });
    expect(listed.json().payments[0].has_recurring_token).toBe(true);
    expect(listed.body).not.toContain('rt_8415718415172200');
  });
});
