import { describe, expect, it } from 'vitest';
import { findCardData, terminalAutopayOfficeMailForm } from '@kiosk/shared-types';
import { rentalForm, useSandbox } from '../../test-helpers/sandbox-client.js';

/**
 * The purpose calls paid on the payment terminal: each names the payment the daemon recorded
 * (terminal_transaction_id) instead of a card, and the operator takes it once, for its purpose,
 * amount, tenant and unit.
 */
const { sandbox, post, control, hold } = useSandbox();

const approved = {
  currency: 'USD',
  psp_reference: '8816178952125783',
  auth_code: '083761',
  masked_pan: '•••• 0119',
  brand: 'visa',
  application_label: 'VISA CREDIT',
  aid: 'A0000000031010',
  entry_mode: 'chip',
  terminal_id: 'V400m-346111111',
  approved_at: '2025-07-15T16:59:00.000Z',
};

/** The daemon records a terminal-approved payment; answers its transaction id. */
async function recordPayment(fields: Record<string, string>): Promise<string> {
  const transactionId = fields.transaction_id ?? `tx-${Math.random().toString(36).slice(2, 10)}`;
  const answer = await sandbox().inject({
    method: 'POST',
    url: '/api/v1/facilities/demo/terminal-payments/',
    headers: { 'x-api-key': 'k' },
    payload: { ...approved, ...fields, transaction_id: transactionId },
  });
  expect(answer.statusCode).toBe(201);
  return transactionId;
}

const used = async (transactionId: string) =>
  (await control('terminal-payments')).payments.find(
    (payment: { transaction_id: string }) => payment.transaction_id === transactionId,
  )?.used_by;

/** A rental form paid on the terminal: the card fields left out. */
function terminalRental(token: string, transactionId: string, total = '72.50'): Record<string, string> {
  const {
    name_on_card: _name,
    cc_number: _number,
    cc_exp_month: _month,
    cc_exp_year: _year,
    cvv: _cvv,
    ...form
  } = rentalForm(token);
  return { ...form, total_amount: total, terminal_transaction_id: transactionId };
}

describe('a rental paid on the terminal', () => {
  it('is created with the recorded payment, whose masked number is all the rental keeps', async () => {
    const id = await recordPayment({ purpose: 'rental', amount: '72.50' });
    const answer = await post('facilities/demo/rental/', terminalRental(await hold('B-10'), id));
    expect(answer).toMatchObject({ status: 'ok', result: { unit_door_number: 'B-10', space_id: 'sp-b-10' } });
    expect((await control('rentals')).rentals[0].card).toBe('************0119');
    expect(await used(id)).toBe(`rental:${answer.result.tenant_id}`);
  });

  it('is refused for another amount, an unknown id, a bill payment, or the second time', async () => {
    const token = await hold('B-10');
    const id = await recordPayment({ purpose: 'rental', amount: '72.50' });
    expect(await post('facilities/demo/rental/', terminalRental(token, id, '80.00'))).toMatchObject({
      status: 'error',
      code: 'TerminalPaymentMismatch',
    });
    expect(await post('facilities/demo/rental/', terminalRental(token, 'tx-nobody'))).toMatchObject({
      status: 'error',
      code: 'TerminalPaymentNotFound',
    });
    const bill = await recordPayment({ purpose: 'bill', amount: '72.50', tenant_id: 't-5001', space_id: 'sp-a102' });
    expect(await post('facilities/demo/rental/', terminalRental(token, bill))).toMatchObject({
      status: 'error',
      code: 'TerminalPaymentMismatch',
    });
    expect((await post('facilities/demo/rental/', terminalRental(token, id))).status).toBe('ok');
    expect(await post('facilities/demo/rental/', terminalRental(await hold('B-11'), id))).toMatchObject({
      status: 'error',
      code: 'TerminalPaymentUsed',
    });
  });

  it('refuses a form that carries card fields too (400), charging neither', async () => {
    const id = await recordPayment({ purpose: 'rental', amount: '72.50' });
    const form = { ...rentalForm(await hold('B-10')), total_amount: '72.50', terminal_transaction_id: id };
    const answer = await sandbox().inject({
      method: 'POST',
      url: '/api/v1/facilities/demo/rental/',
      headers: { 'x-api-key': 'k', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().application_data).toMatchObject({ code: 'CardAndTerminal' });
    expect(Object.keys(answer.json().application_data.errors)).toEqual(
      expect.arrayContaining(['cc_number', 'cvv', 'cc_exp_month', 'cc_exp_year', 'name_on_card']),
    );
    expect(await used(id)).toBeNull();
    expect((await control('rentals')).rentals).toEqual([]);
  });
});

const A102 = 'tenant/t-5001/space/sp-a102';
const bill = (id: string, total = '59.00') => ({ period: '0', total_amount: total, terminal_transaction_id: id });
const billPayment = (amount = '59.00', tenant = 't-5001', space = 'sp-a102') =>
  recordPayment({ purpose: 'bill', amount, tenant_id: tenant, space_id: space, recurring_token: 'rt-8415718415' });

describe('a bill paid on the terminal', () => {
  it('is paid with the recorded payment and answers the access as a card payment does', async () => {
    const id = await billPayment();
    const paid = await post(`${A102}/pre-pay/`, bill(id));
    expect(paid).toMatchObject({
      status: 'ok',
      result: { amount: 59, mail_request_data: { current: { unit_no: 'A102', card: '************0119' } } },
    });
    expect(paid.result).toHaveProperty('access');
    expect(await used(id)).toMatch(/^bill:/);
  });

  it('is refused for another amount, another tenant, an unknown id, or the second time', async () => {
    const other = await billPayment('60.00');
    expect((await post(`${A102}/pre-pay/`, bill(other))).code).toBe('TerminalPaymentMismatch');
    const otherTenant = await billPayment('59.00', 't-5002', 'sp-a102');
    expect((await post(`${A102}/pre-pay/`, bill(otherTenant))).code).toBe('TerminalPaymentMismatch');
    expect((await post(`${A102}/pre-pay/`, bill('tx-nobody'))).code).toBe('TerminalPaymentNotFound');
    const id = await billPayment();
    expect((await post(`${A102}/pre-pay/`, bill(id))).status).toBe('ok');
    expect((await post(`${A102}/pre-pay/`, bill(id))).code).toBe('TerminalPaymentUsed');
  });
});

describe('autopay from the terminal', () => {
  it("enrols from the bill payment's card on file, once", async () => {
    const id = await billPayment();
    await post(`${A102}/pre-pay/`, bill(id));
    expect(await post(`${A102}/autopay/`, { terminal_transaction_id: id })).toMatchObject({
      status: 'ok',
      result: { response: { enabled: true, paymentInstrument: { card: { number: '************0119' } } } },
    });
    expect((await post(`${A102}/autopay/`, { terminal_transaction_id: id })).code).toBe('TerminalPaymentUsed');
  });

  it('enrols from the autopay card check (0.00) of the unit', async () => {
    await post(`${A102}/pre-pay/`, bill(await billPayment()));
    const check = await recordPayment({
      purpose: 'autopay',
      amount: '0.00',
      tenant_id: 't-5001',
      space_id: 'sp-a102',
      recurring_token: 'rt-2200',
    });
    expect((await post(`${A102}/autopay/`, { terminal_transaction_id: check })).status).toBe('ok');
    expect(await used(check)).toBe('autopay:t-5001/sp-a102');
  });

  it('refuses a payment without a card on file, an unknown id, a sale, and another unit', async () => {
    const noToken = await recordPayment({ purpose: 'bill', amount: '59.00', tenant_id: 't-5001', space_id: 'sp-a102' });
    await post(`${A102}/pre-pay/`, bill(noToken));
    expect((await post(`${A102}/autopay/`, { terminal_transaction_id: noToken })).code).toBe('TerminalTokenMissing');
    const otherUnit = await billPayment('59.00', 't-5001', 'sp-b-13');
    expect((await post(`${A102}/autopay/`, { terminal_transaction_id: otherUnit })).code).toBe(
      'TerminalPaymentMismatch',
    );
    expect((await post(`${A102}/autopay/`, { terminal_transaction_id: 'tx-nobody' })).code).toBe(
      'TerminalPaymentNotFound',
    );
    const sale = await recordPayment({ purpose: 'merchandise', amount: '4.99', tenant_id: 't-5001' });
    expect((await post(`${A102}/autopay/`, { terminal_transaction_id: sale })).code).toBe('TerminalPaymentMismatch');
  });

  it('answers a refusal with its reason when the operator takes no terminal tokens, enrolling nothing', async () => {
    const id = await billPayment();
    await post(`${A102}/pre-pay/`, bill(id));
    await sandbox().inject({
      method: 'POST',
      url: '/__sandbox/terminal-payments/tokens',
      payload: { accepted: false },
    });
    expect(await post(`${A102}/autopay/`, { terminal_transaction_id: id })).toEqual({
      status: 'error',
      code: 'TerminalTokenNotAccepted',
      message: 'Autopay cannot be set up with a card from the payment terminal. Please see the Facility Manager.',
    });
    // Nothing was enrolled nor the token used: once the operator takes tokens, the same payment enrols.
    await sandbox().inject({ method: 'POST', url: '/__sandbox/terminal-payments/tokens', payload: { accepted: true } });
    expect((await post(`${A102}/autopay/`, { terminal_transaction_id: id })).status).toBe('ok');
  });

  it("records the kiosk's autopay mail for the office, naming the tenant and unit, with no card", async () => {
    const form = terminalAutopayOfficeMailForm({
      tenantId: 't-5001',
      tenantName: 'Taylor Morgan',
      unitNo: 'A102',
      spaceId: 'sp-a102',
      transactionId: 'tx-7f3a9c',
      maskedPan: '•••• 0119',
      reason: 'TerminalTokenNotAccepted',
    });
    expect((await post('owners/demo-owner/facilities/demo/tenant/t-5001/autopay/', form)).status).toBe('ok');
    const [mail] = (await control('mails')).mails;
    expect(mail).toMatchObject({ kind: 'autopay', to: { tenant: 't-5001' } });
    expect(mail.data.data).toMatchObject({
      unit_no: 'A102',
      tenant_id: 't-5001',
      response: { status: 'error', code: 'TerminalTokenNotAccepted' },
      office_action:
        'Please set up autopay at the office for Taylor Morgan (tenant t-5001), unit A102: the tenant chose ' +
        'autopay at the kiosk and paid on the payment terminal, but the management system does not take a card ' +
        'kept on file by the payment terminal.',
    });
    expect(findCardData(mail)).toBeNull();
  });

  it('enrols the tenant a rental paid on the terminal made, from the rental payment', async () => {
    const id = await recordPayment({ purpose: 'rental', amount: '72.50', recurring_token: 'rt-77' });
    const rental = await post('facilities/demo/rental/', terminalRental(await hold('B-10'), id));
    const { tenant_id: tenant, space_id: space } = rental.result;
    expect((await post(`tenant/${tenant}/space/${space}/autopay/`, { terminal_transaction_id: id })).status).toBe('ok');
  });
});

describe('a supplies sale paid on the terminal', () => {
  const basket = (id: string) => ({
    facility_id: 'demo',
    items: JSON.stringify([
      { item_id: 'box-medium', quantity: 2 },
      { item_id: 'tape', quantity: 1 },
    ]),
    total_amount: '12.84',
    terminal_transaction_id: id,
  });

  it('is processed for the basket total with tax, and shows the last four of the terminal card', async () => {
    const id = await recordPayment({ purpose: 'merchandise', amount: '12.84' });
    expect(await post('process-merchandise-sales/', basket(id))).toMatchObject({
      status: 'ok',
      result: { total: 12.84, card_last4: '0119' },
    });
    expect(await used(id)).toMatch(/^merchandise:MS-/);
  });

  it('is refused for another amount, an unknown id, or the second time, selling nothing', async () => {
    const short = await recordPayment({ purpose: 'merchandise', amount: '11.97' });
    expect((await post('process-merchandise-sales/', basket(short))).code).toBe('TerminalPaymentMismatch');
    expect((await post('process-merchandise-sales/', basket('tx-nobody'))).code).toBe('TerminalPaymentNotFound');
    const id = await recordPayment({ purpose: 'merchandise', amount: '12.84' });
    expect((await post('process-merchandise-sales/', basket(id))).status).toBe('ok');
    expect((await post('process-merchandise-sales/', basket(id))).code).toBe('TerminalPaymentUsed');
    expect((await control('rentals')).merchandise_sales).toHaveLength(1);
  });
});
