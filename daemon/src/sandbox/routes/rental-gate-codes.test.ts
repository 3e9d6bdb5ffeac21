import { describe, expect, it } from 'vitest';
import { rentalForm, useSandbox } from '../../test-helpers/sandbox-client.js';

const { get, post, control, hold } = useSandbox();

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
