import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from './app.js';
import { TEST_CARDS } from './demo-facility.js';

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

const headers = { 'x-api-key': 'k', host: 'sandbox.test' };
const get = async (url: string) => (await app.inject({ url: `/api/v1/${url}`, headers })).json().application_data;
const post = async (url: string, form: Record<string, string> = {}) =>
  (
    await app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    })
  ).json().application_data;
const control = async (url: string) => (await app.inject({ url: `/__sandbox/${url}` })).json();

async function hold(door: string, facility = 'demo'): Promise<string> {
  const space = `sp-${door.toLowerCase()}`;
  const answer = await post(`facilities/${facility}/spaces/${space}/hold/`, { facility_id: facility, space_id: space });
  return answer.result.token;
}

const TENANT = {
  tenant_first_name: 'Jane',
  tenant_last_name: 'Tenant',
  tenant_email: 'jane.tenant@example.com',
  tenant_phone: '(217) 555-0182',
};

function rentalForm(token: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    facility_id: 'demo',
    space_id: 'sp-b-10',
    hold_token: token,
    ...TENANT,
    name_on_card: 'JANE TENANT',
    cc_number: TEST_CARDS.approveVisa,
    cc_exp_month: '12',
    cc_exp_year: '2030',
    cvv: '123',
    insurance_id: '102',
    item_id: 'lock-disc-70',
    auto_debit: 'true',
    gatecode: '5678',
    ...overrides,
  };
}

describe('gate codes', () => {
  it('answers the code when free and null when taken, by GET and by POST', async () => {
    expect(await get('validate-gatecode/?facility_id=demo&gatecode=5678')).toEqual({
      status: 'ok',
      result: { gatecode: '5678' },
    });
    expect(await get('validate-gatecode/?facility_id=demo&gatecode=1234')).toEqual({
      status: 'ok',
      result: { gatecode: null },
    });
    expect((await post('validate-gatecode/', { facility_id: 'demo', gatecode: '1234' })).result).toEqual({
      gatecode: null,
    });
    expect((await get('validate-gatecode/?facility_id=demo&gatecode=12')).code).toBe('InvalidGatecode');
  });

  it('takes a chosen code for good once a rental gets it', async () => {
    await post('facilities/demo/rental/', rentalForm(await hold('B-10')));
    expect((await get('validate-gatecode/?facility_id=demo&gatecode=5678')).result.gatecode).toBeNull();
  });

  it('a text to the landline fails with a message that ends with a period', async () => {
    const rental = await post('facilities/demo/rental/', rentalForm(await hold('B-10')));
    const answer = await post('text-gate-code/', {
      facility_id: 'demo',
      tenant_id: rental.result.tenant_id,
      phone_number: '(217) 555-0111',
    });
    expect(answer).toEqual({
      status: 'error',
      code: 'TextFailed',
      message: 'This number is a landline and cannot receive text messages.',
    });
    expect((await control('texts')).texts).toEqual([]);
  });

  it('texts the gate code and records it; a bad phone gets a message', async () => {
    const rental = await post('facilities/demo/rental/', rentalForm(await hold('B-10')));
    const sent = await post('text-gate-code/', {
      facility_id: 'demo',
      tenant_id: rental.result.tenant_id,
      phone_number: '(217) 555-0182',
    });
    expect(sent).toEqual({ status: 'ok', result: { sent: true, phone_number: '(217) 555-0182' } });
    const { texts } = await control('texts');
    expect(texts[0]).toMatchObject({ to: '(217) 555-0182', kind: 'gate-code', body: expect.stringContaining('5678') });
    expect(
      await post('text-gate-code/', {
        facility_id: 'demo',
        tenant_id: rental.result.tenant_id,
        phone_number: '(111) 555-1234',
      }),
    ).toMatchObject({ status: 'error', message: 'The phone number is not valid' });
  });

  it('resends the access PIN with resend_sms and resend_phone_number', async () => {
    const rental = await post(
      'facilities/demo-smart/rental/',
      rentalForm(await hold('B-10', 'demo-smart'), { facility_id: 'demo-smart' }),
    );
    await post('text-gate-code/', {
      facility_id: 'demo-smart',
      tenant_id: rental.result.tenant_id,
      resend_sms: 'true',
      resend_phone_number: '(217) 555-0199',
    });
    const { texts } = await control('texts');
    expect(texts[0]).toMatchObject({ to: '(217) 555-0199', kind: 'access-pin' });
    expect(texts[0].body).toContain(rental.result.noke_pin);
  });
});
