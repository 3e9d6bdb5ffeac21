import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from '../app.js';

let app: FastifyInstance;
const now = Date.UTC(2025, 6, 15, 17, 0);

beforeAll(async () => {
  app = await buildSandbox({ clock: () => now });
});
beforeEach(async () => {
  await app.inject({ method: 'POST', url: '/__sandbox/reset' });
});
afterAll(async () => {
  await app.close();
});

const headers = { 'x-api-key': 'k' };
const get = async (url: string) => (await app.inject({ url: `/api/v1/${url}`, headers })).json().application_data;
const send = async (method: 'POST' | 'DELETE', url: string, form: Record<string, string> = {}) =>
  (
    await app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    })
  ).json().application_data;

const card = {
  card_name: 'Taylor Morgan',
  card_number: '4111111111111111',
  cc_exp_month: '12',
  cc_exp_year: '2030',
  cvv: '123',
};
const A102 = 'tenant/t-5001/space/sp-a102';
const B13 = 'tenant/t-5001/space/sp-b-13';

describe('pre-pay', () => {
  it('charges the balance only for period 0', async () => {
    const result = (await get(`${A102}/pre-pay/?period=0`)).result;
    expect(result).toMatchObject({ movein_cost: [], tax: 0, total_amt: 59 });
    expect(result.balance).toHaveLength(3);
  });

  it('adds taxed months of rent ahead, starting after the month the balance settles', async () => {
    const result = (await get(`${A102}/pre-pay/?period=3`)).result;
    expect(result.movein_cost.map((line: { start_date: string }) => line.start_date)).toEqual([
      '08/01/2025',
      '09/01/2025',
      '10/01/2025',
    ]);
    expect(result.tax).toBe(10.66);
    expect(result.total_amt).toBe(59 + 147 + 10.66);
  });
});

describe('a space whose pre-pay call fails', () => {
  it("answers an error for t-5010's B-21 and the charges for the same space under t-5011", async () => {
    expect(await get('tenant/t-5010/space/sp-b-21/pre-pay/?period=1')).toMatchObject({
      status: 'error',
      code: 'ManagementSystemError',
    });
    expect(await get('tenant/t-5011/space/sp-b-21/pre-pay/?period=0')).toMatchObject({
      status: 'ok',
      result: { total_amt: 95 },
    });
  });
});

describe('paying', () => {
  it('takes the payment for the quoted total, settles the balance and moves paid-through on', async () => {
    const paid = await send('POST', `${A102}/pre-pay/`, { ...card, period: '3', total_amount: '216.66' });
    expect(paid).toMatchObject({
      status: 'ok',
      result: {
        amount: 216.66,
        mail_request_data: {
          current: { unit_no: 'A102', paid_through: '10/31/2025', card: '************1111' },
          balance: 59,
        },
      },
    });
    expect((await get(`${A102}/pre-pay/?period=0`)).result.total_amt).toBe(0);
  });

  it('refuses an amount that does not match the period', async () => {
    expect((await send('POST', `${A102}/pre-pay/`, { ...card, period: '1', total_amount: '59' })).code).toBe(
      'AmountMismatch',
    );
  });

  it('answers the declines of the test cards', async () => {
    const total = String((await get(`${A102}/pre-pay/?period=1`)).result.total_amt);
    expect(
      await send('POST', `${A102}/pre-pay/`, {
        ...card,
        card_number: '4000000000000002',
        period: '1',
        total_amount: total,
      }),
    ).toMatchObject({
      status: 'error',
      code: 'CardDeclined',
    });
    expect(
      (
        await send('POST', `${A102}/pre-pay/`, {
          ...card,
          card_number: '4000000000009995',
          period: '1',
          total_amount: total,
        })
      ).code,
    ).toBe('CardDeclinedNSF');
  });
});

describe('autopay', () => {
  it('will not enrol over an unpaid balance, and enrols once it is paid', async () => {
    expect((await send('POST', `${A102}/autopay/`, card)).code).toBe('BalanceDue');
    await send('POST', `${A102}/pre-pay/`, { ...card, period: '0', total_amount: '59' });
    expect(await send('POST', `${A102}/autopay/`, card)).toMatchObject({
      status: 'ok',
      result: {
        response: { enabled: true, paymentInstrument: { card: { number: '************1111' } } },
        documents: [expect.any(Object)],
      },
    });
  });

  it('cancels autopay once', async () => {
    expect(await send('DELETE', `${B13}/autopay/`)).toEqual({
      status: 'ok',
      result: { response: { enabled: false, paymentInstrument: null } },
    });
    expect((await send('DELETE', `${B13}/autopay/`)).code).toBe('AutopayNotEnabled');
  });
});

describe('notification mails and capabilities', () => {
  it('records payment and autopay mails', async () => {
    await send('POST', 'owners/demo-owner/facilities/demo/tenant/t-5001/payment/', {
      data: JSON.stringify({ source: 'desktop', unit_no: 'A102' }),
    });
    const { mails } = (await app.inject({ url: '/__sandbox/mails' })).json();
    expect(mails).toMatchObject([
      { kind: 'payment', to: { tenant: 't-5001' }, data: { data: { source: 'desktop', unit_no: 'A102' } } },
    ]);
  });

  it('switches pmsNotifications.payment', async () => {
    const read = async () =>
      (await app.inject({ url: '/api/v1/owners/demo-owner/website/facilities/demo/capabilities/', headers })).json();
    expect((await read()).data.capabilities.pmsNotifications.payment).toBe(true);
    await app.inject({ method: 'POST', url: '/__sandbox/capabilities', payload: { payment: false } });
    expect((await read()).data.capabilities.pmsNotifications.payment).toBe(false);
  });
});

describe('the tenant and its payment history', () => {
  const login = async (username = 'tenant@example.com') =>
    (await send('POST', 'facilities/demo/login/', { username, password: 'Password!1' })).result.user_token as string;

  it('lists the payments made, newest first, with the card cut to its last 4 digits', async () => {
    const token = await login();
    expect((await get(`tenant/t-5001/?user_token=${token}`)).result).toMatchObject({
      tenant_id: 't-5001',
      payment_history: [],
    });
    await send('POST', `${A102}/pre-pay/`, { ...card, period: '0', total_amount: '59' });
    const total = (await get(`${B13}/pre-pay/?period=1`)).result.total_amt;
    await send('POST', `${B13}/pre-pay/`, { ...card, period: '1', total_amount: String(total) });

    const history = (await get(`tenant/t-5001/?user_token=${token}`)).result.payment_history;
    expect(history.map((payment: { unit_number: string }) => payment.unit_number)).toEqual(['B-13', 'A102']);
    expect(history[1]).toMatchObject({ amount: 59, card_last4: '1111', paid_at: new Date(now).toISOString() });
    expect(JSON.stringify(history)).not.toContain('4111111111111111');
  });

  it('answers only the account that holds the tenant', async () => {
    expect(await get('tenant/t-5001/?user_token=nope')).toMatchObject({ status: 'error', code: 'InvalidToken' });
    const other = await login('norentals@example.com');
    expect(await get(`tenant/t-5001/?user_token=${other}`)).toMatchObject({
      status: 'error',
      code: 'TenantNotFound',
    });
  });
});
