import { describe, expect, it } from 'vitest';
import type { ApiRouteName } from '@kiosk/shared-types';
import { TerminalReferences, type ApprovedTerminalPayment, type TerminalPaymentLookup } from './terminal-reference.js';
import type { CallFields } from './visit.js';

/** The terminal's approved payments, as the payment-terminal device would answer for them. */
function terminal(payments: Record<string, Omit<ApprovedTerminalPayment, 'used'>>) {
  const used = new Set<string>();
  const lookup: TerminalPaymentLookup = {
    approvedPayment: (id) => (payments[id] ? { ...payments[id], used: used.has(id) } : undefined),
    markUsed: (id) => void used.add(id),
  };
  return { lookup, used };
}

const ok = { application_data: { status: 'ok', result: {} } };
const declined = { application_data: { status: 'error', code: 'RentalFailed', message: 'x' } };

const rental = (id: string, total = '72.50', extra: Record<string, string> = {}): CallFields => ({
  params: { facility: 'demo' },
  query: {},
  form: { space_id: 'sp-b-10', total_amount: total, terminal_transaction_id: id, ...extra },
});
const bill = (id: string, tenant = 't-5001', spaceId = 'sp-a102', total = '59.00'): CallFields => ({
  params: { tenant, spaceId },
  query: {},
  form: { period: '0', total_amount: total, terminal_transaction_id: id },
});
const sale = (id: string, total = '12.84', tenant?: string): CallFields => ({
  params: {},
  query: {},
  form: {
    facility_id: 'demo',
    items: '[]',
    total_amount: total,
    terminal_transaction_id: id,
    ...(tenant ? { tenant_id: tenant } : {}),
  },
});
const enrol = (id: string, tenant = 't-5001', spaceId = 'sp-a102'): CallFields => ({
  params: { tenant, spaceId },
  query: {},
  form: { enroll_autopay: 'true', terminal_transaction_id: id },
});

const payments = {
  'tx-rent': { purpose: 'rental', amountCents: 7250 },
  'tx-bill': { purpose: 'bill', amountCents: 5900, tenant: 't-5001', spaceId: 'sp-a102' },
  'tx-sale': { purpose: 'merchandise', amountCents: 1284 },
  'tx-card-check': { purpose: 'autopay', amountCents: 0, tenant: 't-5001', spaceId: 'sp-a102' },
} as const;

/** Check a call, and tell how the operator answered it, as the proxy does. */
function send(
  references: TerminalReferences,
  lookup: TerminalPaymentLookup,
  route: ApiRouteName,
  fields: CallFields,
  answer: unknown = ok,
) {
  const decision = references.check(route, fields, lookup);
  if (decision.allowed) references.ended(route, fields, answer, lookup);
  return decision;
}

describe('a purpose call paid by a terminal payment', () => {
  it('passes for the payment the terminal approved for it, once: the second use is refused', () => {
    const { lookup, used } = terminal(payments);
    const references = new TerminalReferences();
    expect(send(references, lookup, 'rental', rental('tx-rent'))).toEqual({ allowed: true });
    expect(used.has('tx-rent')).toBe(true);
    expect(send(references, lookup, 'rental', rental('tx-rent'))).toMatchObject({
      allowed: false,
      status: 403,
      reason: 'not-this-payment',
    });
  });

  it.each([
    ['a rental paid with the id of a supplies sale', 'rental', rental('tx-sale', '12.84')],
    ['a rental for more than the payment', 'rental', rental('tx-rent', '172.50')],
    ['a rental naming no amount', 'rental', { ...rental('tx-rent'), form: { terminal_transaction_id: 'tx-rent' } }],
    ['a bill of another tenant', 'payBill', bill('tx-bill', 't-5002')],
    ['a bill of another unit of the tenant', 'payBill', bill('tx-bill', 't-5001', 'sp-b13')],
    ['a bill for another amount', 'payBill', bill('tx-bill', 't-5001', 'sp-a102', '58.99')],
    ['a sale paid with the bill payment', 'processMerchandiseSales', sale('tx-bill', '59.00')],
    ['a sale naming an id the terminal never approved', 'processMerchandiseSales', sale('tx-forged')],
  ] as const)('refuses %s (403 not-this-payment), using nothing', (_label, route, fields) => {
    const { lookup, used } = terminal(payments);
    const references = new TerminalReferences();
    expect(references.check(route, fields, lookup)).toMatchObject({
      allowed: false,
      status: 403,
      reason: 'not-this-payment',
    });
    expect(used.size).toBe(0);
  });

  it('refuses a call that names a terminal payment and carries card fields too (400 card-and-terminal)', () => {
    const { lookup } = terminal(payments);
    const references = new TerminalReferences();
    for (const card of [
      { cc_number: '4111111111111111' },
      { cvv: '123' },
      { cc_exp_month: '12' },
      { name_on_card: 'JANE' },
    ]) {
      expect(references.check('rental', rental('tx-rent', '72.50', card), lookup)).toMatchObject({
        allowed: false,
        status: 400,
        reason: 'card-and-terminal',
      });
    }
    // Empty card fields carry no card.
    expect(references.check('rental', rental('tx-rent', '72.50', { cc_number: '' }), lookup)).toEqual({
      allowed: true,
    });
  });

  it('refuses every terminal reference when no terminal is configured, and passes card payments as before', () => {
    const references = new TerminalReferences();
    expect(references.check('rental', rental('tx-rent'), undefined)).toMatchObject({ reason: 'not-this-payment' });
    const byCard: CallFields = {
      params: {},
      query: {},
      form: { cc_number: '4111111111111111', total_amount: '72.50' },
    };
    expect(references.check('rental', byCard, undefined)).toEqual({ allowed: true });
  });

  it('holds a payment while its call is on its way: a second call with it is refused until the first ends', () => {
    const { lookup, used } = terminal(payments);
    const references = new TerminalReferences();
    expect(references.check('rental', rental('tx-rent'), lookup)).toEqual({ allowed: true });
    expect(references.check('rental', rental('tx-rent'), lookup)).toMatchObject({ reason: 'not-this-payment' });
    // The operator refused the rental (or never answered): the visitor may try again with the same payment.
    references.ended('rental', rental('tx-rent'), declined, lookup);
    expect(used.size).toBe(0);
    expect(references.check('rental', rental('tx-rent'), lookup)).toEqual({ allowed: true });
    references.ended('rental', rental('tx-rent'), undefined, lookup);
    expect(used.size).toBe(0);
  });

  it("checks the outbox's follow-ups without holding their payment", () => {
    const { lookup } = terminal(payments);
    const references = new TerminalReferences();
    expect(references.check('enrolAutopay', enrol('tx-card-check'), lookup, { hold: false })).toEqual({
      allowed: true,
    });
    expect(references.check('enrolAutopay', enrol('tx-card-check'), lookup)).toEqual({ allowed: true });
  });
});

describe('an autopay enrolment from the terminal', () => {
  it("takes the card on file of the unit's bill payment once, after the bill used it", () => {
    const { lookup } = terminal(payments);
    const references = new TerminalReferences();
    expect(send(references, lookup, 'payBill', bill('tx-bill'))).toEqual({ allowed: true });
    expect(send(references, lookup, 'enrolAutopay', enrol('tx-bill'))).toEqual({ allowed: true });
    expect(send(references, lookup, 'enrolAutopay', enrol('tx-bill'))).toMatchObject({ reason: 'not-this-payment' });
  });

  it('takes the autopay card check once, and never a sale or another unit', () => {
    const { lookup, used } = terminal(payments);
    const references = new TerminalReferences();
    expect(send(references, lookup, 'enrolAutopay', enrol('tx-card-check', 't-5001', 'sp-b13'))).toMatchObject({
      reason: 'not-this-payment',
    });
    expect(send(references, lookup, 'enrolAutopay', enrol('tx-sale'))).toMatchObject({ reason: 'not-this-payment' });
    expect(send(references, lookup, 'enrolAutopay', enrol('tx-card-check'))).toEqual({ allowed: true });
    expect(used.has('tx-card-check')).toBe(true);
    expect(send(references, lookup, 'enrolAutopay', enrol('tx-card-check'))).toMatchObject({
      reason: 'not-this-payment',
    });
  });
});
