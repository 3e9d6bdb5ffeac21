import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildCoreApp } from '../test-helpers/core-app.js';
import { startRecordingUpstream, type RecordingUpstream } from '../test-helpers/recording-upstream.js';
import { seatVisitor } from '../test-helpers/seat-visitor.js';
import type { ApprovedTerminalPayment, TerminalPaymentLookup } from '../visit/terminal-reference.js';

/**
 * The page's calls around a terminal payment, through the proxy: the page never records a payment
 * itself, and a purpose call naming one reaches the operator only for a payment this kiosk's
 * terminal approved for it (docs/security.md, docs/api-paths.md "Terminal payments").
 */

/** The payment-terminal device's approved payments, as a stand-in for `app.paymentTerminal`. */
const approved: Record<string, Omit<ApprovedTerminalPayment, 'used'>> = {
  'tx-rent': { purpose: 'rental', amountCents: 7250 },
  'tx-bill': { purpose: 'bill', amountCents: 5900, tenant: '5501', spaceId: '1042' },
  'tx-sale': { purpose: 'merchandise', amountCents: 1284 },
};
const used = new Set<string>();
const paymentTerminal: TerminalPaymentLookup = {
  approvedPayment: (id) => (approved[id] ? { ...approved[id], used: used.has(id) } : undefined),
  markUsed: (id) => void used.add(id),
};

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

describe('terminal payments through the proxy', () => {
  let upstream: RecordingUpstream;
  let app: FastifyInstance;

  beforeAll(async () => {
    upstream = await startRecordingUpstream();
    ({ app } = await buildCoreApp({ upstreamUrl: upstream.url }));
    app.decorate('paymentTerminal', paymentTerminal);
    await app.ready();
  });
  afterEach(() => {
    upstream.reset();
    used.clear();
    app.visit.end();
  });
  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  const post = (url: string, fields: Record<string, string>) =>
    app.inject({ method: 'POST', url: `/api/${url}`, ...form(fields) });

  it('refuses the page recording a terminal payment (403 daemon-only), sending nothing', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/facilities/demo/terminal-payments/',
      payload: { transaction_id: 'tx-forged', purpose: 'rental', amount: '72.50' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ reason: 'daemon-only' });
    expect(upstream.requests).toHaveLength(0);
  });

  it('passes a rental paid by its approved payment once, marking it used; the second is refused', async () => {
    const rental = { space_id: 'sp-b-10', total_amount: '72.50', terminal_transaction_id: 'tx-rent' };
    expect((await post('facilities/demo/rental/', rental)).statusCode).toBe(200);
    expect(upstream.requests[0]?.bodyText).toContain('terminal_transaction_id=tx-rent');
    expect(used.has('tx-rent')).toBe(true);
    const again = await post('facilities/demo/rental/', { ...rental, space_id: 'sp-b-11' });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ reason: 'not-this-payment' });
    expect(upstream.requests).toHaveLength(1);
  });

  it('keeps the payment free when the operator refuses the rental, so the visitor can try again', async () => {
    upstream.respond((_request, res) =>
      upstream.json(res, 200, { application_data: { status: 'error', code: 'RentalFailed', message: 'x' } }),
    );
    const rental = { space_id: 'sp-b-10', total_amount: '72.50', terminal_transaction_id: 'tx-rent' };
    expect((await post('facilities/demo/rental/', rental)).statusCode).toBe(200);
    expect(used.has('tx-rent')).toBe(false);
    upstream.respond((_request, res) => upstream.json(res, 200, { application_data: { status: 'ok', result: {} } }));
    expect((await post('facilities/demo/rental/', rental)).statusCode).toBe(200);
    expect(used.has('tx-rent')).toBe(true);
  });

  it.each([
    [
      'another purpose',
      'facilities/demo/rental/',
      { space_id: 'sp-b-10', total_amount: '12.84', terminal_transaction_id: 'tx-sale' },
    ],
    [
      'another amount',
      'process-merchandise-sales/',
      { facility_id: 'demo', total_amount: '1.00', terminal_transaction_id: 'tx-sale' },
    ],
    [
      'an id no terminal approved',
      'process-merchandise-sales/',
      { facility_id: 'demo', total_amount: '12.84', terminal_transaction_id: 'tx-forged' },
    ],
  ])('refuses a reference of %s (403 not-this-payment), sending nothing', async (_label, url, fields) => {
    const response = await post(url, fields);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ reason: 'not-this-payment' });
    expect(upstream.requests).toHaveLength(0);
  });

  it("refuses a bill paid with another tenant's payment, even for a unit of the visitor", async () => {
    seatVisitor(app, { tenant: '5502', units: [{ spaceId: '2001' }] });
    const response = await post('tenant/5502/space/2001/pre-pay/', {
      period: '0',
      total_amount: '59.00',
      terminal_transaction_id: 'tx-bill',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ reason: 'not-this-payment' });
    expect(upstream.requests).toHaveLength(0);
  });

  it('passes the bill of the tenant at the screen paid by their payment', async () => {
    seatVisitor(app, { tenant: '5501', units: [{ spaceId: '1042' }] });
    const response = await post('tenant/5501/space/1042/pre-pay/', {
      period: '0',
      total_amount: '59.00',
      terminal_transaction_id: 'tx-bill',
    });
    expect(response.statusCode).toBe(200);
    expect(used.has('tx-bill')).toBe(true);
  });

  it('refuses a purpose call with a terminal reference and card fields (400 card-and-terminal)', async () => {
    const response = await post('facilities/demo/rental/', {
      space_id: 'sp-b-10',
      total_amount: '72.50',
      terminal_transaction_id: 'tx-rent',
      cc_number: '4111111111111111',
      cvv: '123',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ reason: 'card-and-terminal' });
    expect(response.body).not.toContain('4111111111111111');
    expect(upstream.requests).toHaveLength(0);
    expect(used.size).toBe(0);
  });

  it('refuses a purpose call sent as JSON (415): a reference in a body the daemon does not read would pass unchecked', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/facilities/demo/rental/',
      payload: { space_id: 'sp-b-10', total_amount: '72.50', terminal_transaction_id: 'tx-forged' },
    });
    expect(response.statusCode).toBe(415);
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('terminal references with no terminal configured', () => {
  let upstream: RecordingUpstream;
  let app: FastifyInstance;

  beforeAll(async () => {
    upstream = await startRecordingUpstream();
    ({ app } = await buildCoreApp({ upstreamUrl: upstream.url }));
  });
  afterAll(async () => {
    await app.close();
    await upstream.close();
  });

  it('refuses any terminal reference and passes a card payment as before', async () => {
    const refused = await app.inject({
      method: 'POST',
      url: '/api/facilities/demo/rental/',
      ...form({ space_id: 'sp-b-10', total_amount: '72.50', terminal_transaction_id: 'tx-rent' }),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ reason: 'not-this-payment' });
    const byCard = await app.inject({
      method: 'POST',
      url: '/api/facilities/demo/rental/',
      ...form({ space_id: 'sp-b-10', total_amount: '72.50', cc_number: '4111111111111111' }),
    });
    expect(byCard.statusCode).toBe(200);
    expect(upstream.requests).toHaveLength(1);
  });
});
