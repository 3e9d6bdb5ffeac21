import { describe, expect, it } from 'vitest';
import { findCardData, outboxCallRefusal, outboxRequestRefusal } from './outbox-contents.js';

describe('findCardData', () => {
  it('finds a card number by its field name or by its shape, in any field, key or number', () => {
    expect(findCardData({ form: { card_number: '4111 1111 1111 1111' } })).toEqual({
      path: 'form.card_number',
      kind: 'card number',
    });
    expect(findCardData({ form: { cc_number: '4111111111111111' } })).toMatchObject({ kind: 'card number' });
    // Under a name that says nothing, by its 13-19 digits, first digit and Luhn check.
    expect(findCardData({ form: { note: 'paid with 3782-822463-10005 today' } })).toEqual({
      path: 'form.note',
      kind: 'card number',
    });
    expect(findCardData({ params: { tenant: '5555555555554444' } })).toMatchObject({ path: 'params.tenant' });
    expect(findCardData({ form: { '4111111111111111': 'x' } })).toEqual({ path: 'form', kind: 'card number' });
    expect(findCardData({ form: { reference: 4111111111111111 } })).toMatchObject({ kind: 'card number' });
  });

  it('finds a security code and an expiry by their names, whatever they are called', () => {
    expect(findCardData({ form: { cvv: '7319' } })).toEqual({ path: 'form.cvv', kind: 'security code' });
    expect(findCardData({ form: { securityCode: '731' } })).toMatchObject({ kind: 'security code' });
    expect(findCardData({ form: { cc_exp_month: '11' } })).toEqual({ path: 'form.cc_exp_month', kind: 'expiry' });
    expect(findCardData({ form: { expiry_date: '11/31' } })).toMatchObject({ kind: 'expiry' });
    expect(findCardData({ instead: { form: { card_expiry: 2031 } } })).toMatchObject({
      path: 'instead.form.card_expiry',
    });
  });

  it('reads JSON and form bodies kept in a form value, at any depth', () => {
    const data = JSON.stringify({ unit_no: 'B-10', request: { card: { cvv: '7319' } } });
    expect(findCardData({ form: { data } })).toEqual({ path: 'form.data.request.card.cvv', kind: 'security code' });
    const nested = JSON.stringify({ inner: JSON.stringify({ list: [{ number: '378282246310005' }] }) });
    expect(findCardData({ form: { data: nested } })).toEqual({
      path: 'form.data.inner.list.0.number',
      kind: 'card number',
    });
    expect(findCardData({ form: { body: 'unit=B-10&cc_exp_year=2031' } })).toEqual({
      path: 'form.body.cc_exp_year',
      kind: 'expiry',
    });
  });

  it('leaves what a mail shows of a card, empty card fields, times, phones and ids', () => {
    expect(
      findCardData({
        route: 'mailAutopay',
        params: { owner: 'demo-owner', facility: 'demo', tenant: 't-5001' },
        form: {
          data: JSON.stringify({
            request: { card_name: 'JANE TENANT', card_number: '3782*******0005', update_card: false },
            response: { enabled: true, paymentInstrument: { card: { number: '************1111' } } },
            unit_no: 'B-10',
          }),
          cvv: '',
          cc_number: '4111********1111',
          at: '1795688562858',
          phone_number: '(217) 555-0182',
          transaction_id: 'txn-1f0c9a2b',
          expires_at: '2031-11-30',
        },
      }),
    ).toBeNull();
  });

  it('never shows the card number in the path it gives', () => {
    const found = findCardData({ form: { '4111111111111111': { nested: true } } });
    expect(found?.path).not.toContain('4111111111111111');
  });
});

describe('outboxCallRefusal', () => {
  it("refuses a supplies sale, with its card or without, and keeps a rental's lock", () => {
    const sale = {
      route: 'processMerchandiseSales' as const,
      params: {},
      form: { facility_id: 'demo', items: '[{"item_id":"tape","quantity":1}]', total_amount: '5.35' },
    };
    expect(outboxCallRefusal(sale)).toMatchObject({ reason: 'payment' });
    expect(outboxCallRefusal({ ...sale, form: { ...sale.form, card_number: '4111111111111111' } })).toMatchObject({
      reason: 'payment',
    });
    expect(outboxCallRefusal({ ...sale, form: { facility_id: 'demo', tenant_id: 't-9001' } })).toMatchObject({
      reason: 'payment',
    });
    const lock = {
      route: 'processMerchandiseSales' as const,
      params: {},
      form: { facility_id: 'demo', tenant_id: 't-9001', space_id: 'sp-b-10', item_id: 'lock-disc-70', quantity: '1' },
    };
    expect(outboxCallRefusal(lock)).toBeNull();
    // A sale hidden as what to send instead.
    expect(
      outboxCallRefusal({ route: 'mailAutopay', params: {}, form: {}, instead: { ...sale, route: sale.route } }),
    ).toMatchObject({ reason: 'payment' });
  });

  it("refuses card data anywhere but the enrolment's card, and names the call", () => {
    const enrolment = {
      id: 'enrol_autopay',
      route: 'enrolAutopay' as const,
      params: { tenant: 't-9001', spaceId: 'sp-b-10' },
      form: { tenant_id: 't-9001' },
      card: {
        card_name: 'JANE TENANT',
        card_number: '4111111111111111',
        cc_exp_month: '12',
        cc_exp_year: '2030',
        cvv: '123',
      },
      instead: { route: 'mailAutopay' as const, params: {}, form: { data: '{}' } },
    };
    expect(outboxCallRefusal(enrolment)).toBeNull();
    expect(outboxRequestRefusal({ kind: 'rental', calls: [enrolment] })).toBeNull();
    const leaked = { ...enrolment, form: { ...enrolment.form, cvv: '123' } };
    expect(outboxRequestRefusal({ kind: 'rental', calls: [leaked] })).toEqual({
      reason: 'card-data',
      message: expect.stringMatching(/^enrol_autopay: form\.cvv holds a security code/),
    });
  });
});
