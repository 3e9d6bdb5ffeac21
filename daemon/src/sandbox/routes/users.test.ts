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
const getBody = async (url: string) => (await app.inject({ url: `/api/v1/${url}`, headers })).json();
const get = async (url: string) => (await getBody(url)).application_data;
const post = async (url: string, form: Record<string, string> = {}) =>
  (
    await app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    })
  ).json().application_data;

async function login(username = 'tenant@example.com', password = 'Password!1'): Promise<string> {
  const answer = await post('facilities/demo/login/', { username, password });
  expect(answer.status).toBe('ok');
  return answer.result.user_token;
}

describe('login, register, reset', () => {
  it('logs the test user in with a user token', async () => {
    const answer = await post('facilities/demo/login/', { username: 'tenant@example.com', password: 'Password!1' });
    expect(answer).toEqual({
      status: 'ok',
      result: { user_token: expect.stringMatching(/^ut-/), email: 'tenant@example.com' },
    });
  });

  it('refuses a wrong password with a form-wide error', async () => {
    const answer = await post('facilities/demo/login/', { username: 'tenant@example.com', password: 'nope' });
    expect(answer).toMatchObject({
      status: 'error',
      errors: { __all__: ['Unable to log in with provided credentials.'] },
    });
  });

  it('creates an account once; the same e-mail again is a username error', async () => {
    const form = { username: 'new.person@example.com', password: 'Secret!9' };
    expect((await post('facilities/demo/user/', form)).status).toBe('ok');
    expect(await post('facilities/demo/user/', form)).toMatchObject({
      status: 'error',
      errors: { username: ['User with the same email id already exists'] },
    });
    await login('new.person@example.com', 'Secret!9');
  });

  it('sends a reset link to an existing account and records the mail', async () => {
    expect(await post('facilities/demo/reset-password/', { email: 'tenant@example.com' })).toEqual({
      status: 'ok',
      result: { sent: true },
    });
    const { mails } = (await app.inject({ url: '/__sandbox/mails' })).json();
    expect(mails).toMatchObject([{ kind: 'reset-password', to: { email: 'tenant@example.com' } }]);
  });

  it('ends the session on logout', async () => {
    const token = await login();
    await post('facilities/demo/logout/', { user_token: token });
    expect((await get(`user/items/?user_token=${token}`)).code).toBe('InvalidToken');
  });
});

describe('one-time code', () => {
  it('sends a code to a known phone and logs in with 123456, answering email and phone', async () => {
    const sent = await post('owners/demo-owner/otp/', { phone: '(217) 555-0147' });
    expect(sent.result.otp_token).toEqual(expect.any(String));
    const wrong = await post('owners/demo-owner/otp/login/', {
      phone: '2175550147',
      otp: '000000',
      token: sent.result.otp_token,
    });
    expect(wrong).toMatchObject({ status: 'error', code: 'InvalidOtp', message: 'Invalid Code. Please try again.' });
    const answer = await post('owners/demo-owner/otp/login/', {
      phone: '2175550147',
      otp: '123456',
      token: sent.result.otp_token,
    });
    expect(answer.result).toEqual({
      email: 'tenant@example.com',
      phone: '+12175550147',
      user_token: expect.any(String),
    });
  });

  it('says a phone without an account has none', async () => {
    expect(await post('owners/demo-owner/otp/', { phone: '(217) 555-0100' })).toMatchObject({
      status: 'error',
      code: 'NoAccount',
      message: '+1 2175550100 has no account. Please login with your existing email or create a new account.',
    });
  });

  it('finds users by phone (with +1), unwrapped', async () => {
    const byPhone = await getBody('users/phone/%2B12175550147/');
    expect(byPhone.data.user).toMatchObject({ user_id: 'u-1001', email: 'tenant@example.com' });
    expect((await getBody('users/phone/%2B12175550100/')).data.user).toBeNull();
  });
});

describe('user items and details', () => {
  it('lists the facility and tenants of the test user, with two leased spaces and a reservation', async () => {
    const token = await login();
    expect((await get(`user/items/?user_token=${token}`)).result).toEqual([
      { facility: 'demo', tenants: ['t-5001', 't-5009'] },
    ]);
    const details = (await get(`user/items/facilities/demo/tenant/t-5001/?user_token=${token}`)).result;
    expect(details.tenant_details[0]).toMatchObject({ type: 'primary', tenant_id: 't-5001', res_id: null });
    const spaces = details.space_details;
    expect(spaces.map((s: { unit_number: string }) => s.unit_number)).toEqual(['A102', 'B-13', 'C-32']);
    expect(spaces[0]).toMatchObject({
      leaseId: 'L-7001',
      autoPay: { enabled: false },
      paidThrough: Date.UTC(2025, 5, 30) / 1000,
    });
    expect(spaces[1]).toMatchObject({
      leaseId: 'L-7002',
      balance: [],
      autoPay: { enabled: true, paymentInstrument: { card: { number: '************4242' } } },
    });
    expect(spaces[2]).toMatchObject({ leaseId: null, res_id: 'res-2001' });
    expect((await get(`user/items/facilities/demo/tenant/t-5009/?user_token=${token}`)).status).toBe('error');
  });

  it('tells a user without rentals apart in get-user-details', async () => {
    const token = await login('norentals@example.com');
    expect((await get(`facilities/demo/get-user-details/?user_token=${token}`)).result).toMatchObject({
      email: 'norentals@example.com',
      is_new_user: true,
    });
    expect((await get(`user/items/?user_token=${token}`)).result).toEqual([]);
  });

  it('links a rental only with the right gate code, reading 17 as door 017', async () => {
    const token = await login('norentals@example.com');
    const form = { facility_city: 'Springfield', facility_address: 'demo', unit_no: '17', user_token: token };
    expect(await post('user/items/', { ...form, gate_code: '0000' })).toEqual({
      status: 'error',
      code: 'InvalidGateCodeOrUnit',
    });
    expect(await post('user/items/', { ...form, gate_code: '4826' })).toEqual({
      status: 'ok',
      result: { facility: 'demo', tenant_id: 't-5002' },
    });
    expect((await get(`user/items/?user_token=${token}`)).result).toEqual([{ facility: 'demo', tenants: ['t-5002'] }]);
    expect((await post('user/items/', { ...form, gate_code: '4826' })).code).toBe('AlreadyLinked');
  });

  it('refuses a rental in another city', async () => {
    const token = await login('norentals@example.com');
    const answer = await post('user/items/', {
      facility_city: 'Decatur',
      facility_address: 'demo',
      unit_no: '017',
      gate_code: '4826',
      user_token: token,
    });
    expect(answer.code).toBe('InvalidGateCodeOrUnit');
  });
});
