import { describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../demo-facility.js';
import { TENANT, rentalForm, useSandbox } from '../../test-helpers/sandbox-client.js';

const { get, post, control, hold } = useSandbox();

describe('processing a rental', () => {
  it('goes through with the approve card: the chosen gate code, a new user, the space rented', async () => {
    const answer = await post('facilities/demo/rental/', rentalForm(await hold('B-10')));
    expect(answer).toEqual({
      status: 'ok',
      result: {
        tenant_id: expect.stringMatching(/^t-/),
        rrd_id: expect.stringMatching(/^rrd-/),
        gatecode: '5678',
        access_info: expect.any(String),
        is_new_user: true,
        unit_door_number: 'B-10',
        space_id: 'sp-b-10',
        move_in_date: '07/15/2025',
        noke_pin: null,
      },
    });
    expect((await get('facilities/demo/space/B-10/?live_data=true')).result.status).toBe('rented');
    const { rentals } = await control('rentals');
    expect(rentals[0].card).toBe('4111********1111');
    expect(JSON.stringify(rentals)).not.toContain(TEST_CARDS.approveVisa);
  });

  it('answers the card failure codes for the decline and insufficient-funds cards', async () => {
    const token = await hold('B-10');
    expect(await post('facilities/demo/rental/', rentalForm(token, { cc_number: TEST_CARDS.decline }))).toMatchObject({
      status: 'error',
      code: 'CardDeclined',
    });
    expect(
      await post('facilities/demo/rental/', rentalForm(token, { cc_number: TEST_CARDS.insufficientFunds })),
    ).toMatchObject({ status: 'error', code: 'CardDeclinedNSF' });
    expect(await post('facilities/demo/rental/', rentalForm(token, { cc_exp_year: '2024' }))).toMatchObject({
      status: 'error',
      code: 'CardInvalid',
    });
    // Still held by this visitor: a good card goes through afterwards.
    expect((await post('facilities/demo/rental/', rentalForm(token))).status).toBe('ok');
  });

  it('fails with a server error for the special last names: Failure always, Flaky once', async () => {
    const token = await hold('B-10');
    const failure = rentalForm(token, { tenant_last_name: 'Failure' });
    expect(await post('facilities/demo/rental/', failure)).toMatchObject({ status: 'error', code: 'RentalFailed' });
    expect(await post('facilities/demo/rental/', failure)).toMatchObject({ status: 'error', code: 'RentalFailed' });
    const flaky = rentalForm(token, { tenant_last_name: 'Flaky' });
    expect((await post('facilities/demo/rental/', flaky)).status).toBe('error');
    expect((await post('facilities/demo/rental/', flaky)).status).toBe('ok');
  });

  it('refuses a space held by someone else', async () => {
    await hold('B-10');
    expect(await post('facilities/demo/rental/', rentalForm('another-token'))).toMatchObject({
      status: 'error',
      code: 'SpaceUnavailable',
    });
  });

  it('knows returning users and hands out a noke PIN at the smart-access facility', async () => {
    const answer = await post(
      'facilities/demo-smart/rental/',
      rentalForm(await hold('B-10', 'demo-smart'), { facility_id: 'demo-smart', tenant_email: 'tenant@example.com' }),
    );
    expect(answer.result).toMatchObject({ is_new_user: false, noke_pin: expect.stringMatching(/^\d{6}$/) });
  });

  it('saves a failed rental without any card data', async () => {
    await post('save-failed-rental/', {
      ...TENANT,
      cc_number: TEST_CARDS.approveVisa,
      cvv: '123',
      error: 'RentalFailed',
    });
    const { failed_rentals } = await control('rentals');
    expect(failed_rentals[0]).toMatchObject({ tenant_email: TENANT.tenant_email, cc_number: '4111********1111' });
    expect(JSON.stringify(failed_rentals)).not.toContain('123"');
  });
});

describe('reservations', () => {
  it('reserves a held space for a date and answers a reservation code the space list honours', async () => {
    const token = await hold('B-11');
    const answer = await post('facilities/demo/space/sp-b-11/reserve/', {
      tenant_info: JSON.stringify(TENANT),
      move_in_date: '07/20/2025',
      hold_token: token,
    });
    expect(answer).toMatchObject({
      status: 'ok',
      result: { reservation_code: expect.stringMatching(/^K[A-Z2-9]{7}$/), move_in_date: '07/20/2025' },
    });
    expect((await get('facilities/demo/space/B-11/?live_data=true')).result.status).toBe('unavailable');
    const found = await get(`facilities/demo/find-reservation/?reservation_code=${answer.result.reservation_code}`);
    expect(found.result).toMatchObject({ reservation_date: '07/20/2025', tenant_email: TENANT.tenant_email });
  });

  it('moves in today when no date is given, and refuses past dates', async () => {
    const token = await hold('B-11');
    expect(
      (
        await post('facilities/demo/space/sp-b-11/reserve/', {
          tenant_info: JSON.stringify(TENANT),
          move_in_date: '07/01/2025',
          hold_token: token,
        })
      ).code,
    ).toBe('ValidationError');
    const answer = await post('facilities/demo/space/sp-b-11/reserve/', {
      tenant_info: JSON.stringify(TENANT),
      hold_token: token,
    });
    expect(answer.result.move_in_date).toBe('07/15/2025');
  });
});

describe('moving into a reservation', () => {
  it("rents the reserved space on the reservation's date, and the code is used up", async () => {
    const found = await get('facilities/demo/find-reservation/?reservation_code=DEMO1234');
    const { reservation_id, reservation_date } = found.result;
    const token = await hold('B-12');
    const answer = await post(
      'facilities/demo/rental/',
      rentalForm(token, { space_id: 'sp-b-12', reservation_id, reservation_code: 'DEMO1234', reservation_date }),
    );
    expect(answer).toMatchObject({ status: 'ok', result: { unit_door_number: 'B-12', move_in_date: '07/16/2025' } });
    expect((await get('facilities/demo/space/B-12/?live_data=true')).result.status).toBe('rented');
    expect((await get('facilities/demo/find-reservation/?reservation_code=DEMO1234')).status).toBe('error');
  });

  it("refuses a reservation that is not the space's", async () => {
    const answer = await post(
      'facilities/demo/rental/',
      rentalForm(await hold('B-10'), { reservation_id: 'res-1001' }),
    );
    expect(answer).toMatchObject({ status: 'error', code: 'ReservationNotFound' });
    expect((await get('facilities/demo/space/B-10/?live_data=true')).result.status).not.toBe('rented');
  });
});

describe('after the rental', () => {
  it('sets the new user password, after which the e-mail has an account', async () => {
    const rental = await post('facilities/demo/rental/', rentalForm(await hold('B-10')));
    expect(
      await post('update-consumer-password/', { rrd_id: rental.result.rrd_id, new_password: 'Secret!23' }),
    ).toEqual({
      status: 'ok',
      result: { updated: true },
    });
    expect((await post('update-consumer-password/', { rrd_id: 'rrd-nope', new_password: 'Secret!23' })).status).toBe(
      'error',
    );
    const again = await post(
      'facilities/demo/rental/',
      rentalForm(await hold('B-11'), { space_id: 'sp-b-11', gatecode: '' }),
    );
    expect(again.result.is_new_user).toBe(false);
    expect(again.result.gatecode).toMatch(/^\d{4}$/);
  });

  it('makes a lease the autopay enrolment and the new account find', async () => {
    const rental = await post('facilities/demo/rental/', rentalForm(await hold('B-10')));
    const { tenant_id, space_id, rrd_id } = rental.result;
    const enrol = await post(`tenant/${tenant_id}/space/${space_id}/autopay/`, {
      facility_id: 'demo',
      card_name: 'JANE TENANT',
      card_number: TEST_CARDS.approveVisa,
      cc_exp_month: '12',
      cc_exp_year: '2030',
      cvv: '123',
    });
    expect(enrol.status).toBe('ok');
    await post('update-consumer-password/', { rrd_id, new_password: 'Secret!23' });
    const login = await post('facilities/demo/login/', { username: TENANT.tenant_email, password: 'Secret!23' });
    expect(login.status).toBe('ok');
  });

  it('processes the lock sale', async () => {
    expect(
      await post('process-merchandise-sales/', { facility_id: 'demo', tenant_id: 't-9001', item_id: 'lock-disc-70' }),
    ).toEqual({ status: 'ok', result: { processed: true, item_id: 'lock-disc-70', amount: 19.99 } });
  });
});
