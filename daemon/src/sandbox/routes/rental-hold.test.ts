import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HOLD, type CostLine } from '@kiosk/shared-types';
import { buildSandbox } from '../app.js';

let app: FastifyInstance;
let now = Date.UTC(2025, 6, 15, 17, 0);

beforeAll(async () => {
  app = await buildSandbox({ clock: () => now });
});
beforeEach(async () => {
  now = Date.UTC(2025, 6, 15, 17, 0);
  await app.inject({ method: 'POST', url: '/__sandbox/reset' });
});
afterAll(async () => {
  await app.close();
});

const headers = { 'x-api-key': 'k' };
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
const liveStatus = async (door: string) => (await get(`facilities/demo/space/${door}/?live_data=true`)).result.status;

describe('holding a space', () => {
  it('holds a space, shows it held, and frees it on release-space with the token', async () => {
    const hold = await post('facilities/demo/spaces/sp-b-10/hold/', { facility_id: 'demo', space_id: 'sp-b-10' });
    expect(hold).toEqual({
      status: 'ok',
      result: { token: expect.any(String), space_type_id: 'm-10x10', space_id: 'sp-b-10', door_number: 'B-10' },
    });
    expect(await liveStatus('B-10')).toBe('held');

    const release = await post('facilities/demo/release-space/', {
      facility_id: 'demo',
      space_id: 'sp-b-10',
      hold_token: hold.result.token,
    });
    expect(release).toEqual({ status: 'ok', result: { released: true } });
    expect(await liveStatus('B-10')).toBe('available');

    const { releases } = (await app.inject({ url: '/__sandbox/releases' })).json();
    expect(releases).toMatchObject([
      { facility_id: 'demo', space_id: 'sp-b-10', hold_token: hold.result.token, outcome: 'released' },
    ]);
  });

  it('refuses the second kiosk that tries to hold the same space', async () => {
    expect(
      (await post('facilities/demo/spaces/sp-b-11/hold/', { facility_id: 'demo', space_id: 'sp-b-11' })).status,
    ).toBe('ok');
    expect(await post('facilities/demo/spaces/sp-b-11/hold/', { facility_id: 'demo', space_id: 'sp-b-11' })).toEqual({
      status: 'error',
      code: 'SpaceUnavailable',
      message: 'Sorry! Unit B-11 is not available. Please choose another unit.',
    });
  });

  it('refuses a release with another token', async () => {
    await post('facilities/demo/spaces/sp-a101/hold/', { facility_id: 'demo', space_id: 'sp-a101' });
    expect(
      await post('facilities/demo/release-space/', { facility_id: 'demo', space_id: 'sp-a101', hold_token: 'stolen' }),
    ).toMatchObject({
      status: 'error',
      code: 'InvalidHoldToken',
    });
    expect(await liveStatus('A101')).toBe('held');
  });

  it('frees the space 15 minutes after the hold', async () => {
    await post('facilities/demo/spaces/sp-a101/hold/', { facility_id: 'demo', space_id: 'sp-a101' });
    now += HOLD.lifetimeMs - 1000;
    expect(await liveStatus('A101')).toBe('held');
    now += 1000;
    expect(await liveStatus('A101')).toBe('available');
    expect((await app.inject({ url: '/__sandbox/state/holds' })).json().holds).toEqual([]);
  });

  it('expires holds when the control clock moves forward', async () => {
    await post('facilities/demo/spaces/sp-a101/hold/', { facility_id: 'demo', space_id: 'sp-a101' });
    await app.inject({ method: 'POST', url: '/__sandbox/clock', payload: { advance_ms: HOLD.lifetimeMs } });
    expect(await liveStatus('A101')).toBe('available');
  });

  it('holds any available space of a type and lists it in the sandbox holds', async () => {
    const hold = await post('facilities/demo/space-types/s-5x10/hold/', { facility_id: 'demo' });
    expect(hold.result).toMatchObject({ space_type_id: 's-5x10', door_number: '015', space_id: 'sp-015' });
    const { holds } = (await app.inject({ url: '/__sandbox/state/holds' })).json();
    expect(holds).toMatchObject([{ facility_id: 'demo', space_id: 'sp-015', token: hold.result.token }]);
  });

  it('refuses the spaces and types set to refuse holds', async () => {
    expect(
      await post('facilities/demo/spaces/sp-x999/hold/', { facility_id: 'demo', space_id: 'sp-x999' }),
    ).toMatchObject({
      code: 'SpaceUnavailable',
      message: 'Sorry! Unit X999 is not available. Please choose another unit.',
    });
    expect((await post('facilities/demo/space-types/other-kayak/hold/', { facility_id: 'demo' })).code).toBe(
      'SpaceUnavailable',
    );
  });
});

describe('rental cost', () => {
  const costs = async (query: string): Promise<CostLine[]> => {
    const response = await get(
      `facilities/demo/space-types/m-10x10/rental-cost/?facility_id=demo&available_unit_id=sp-b-10&${query}`,
    );
    expect(response.status).toBe('ok');
    return response.result.costs;
  };
  const total = (lines: CostLine[]) => lines.at(-1)!.amount;

  it('lists prorated rent first, Tax right before the Total, and a total equal to the lines', async () => {
    const lines = await costs('promo_id=&insurance_id=-2&merchandise_item=');
    expect(lines[0]?.name).toBe('Prorated Rent');
    expect(lines.at(-2)?.name).toBe('Tax');
    expect(lines.at(-1)?.name).toBe('Total');
    const sum = lines.slice(0, -1).reduce((cents, line) => cents + Math.round(line.amount * 100), 0) / 100;
    expect(total(lines)).toBe(sum);
  });

  it('subtracts a promo, adds protection and the lock', async () => {
    const plain = total(await costs(''));
    const withPromo = await costs('promo_id=promo-senior');
    expect(withPromo.find((line) => line.name === 'discount')?.amount).toBe(11.9);
    expect(total(withPromo)).toBeLessThan(plain);
    expect(total(await costs('insurance_id=102'))).toBeCloseTo(plain + 16, 2);
    expect(total(await costs('merchandise_item=lock-disc-70'))).toBeGreaterThan(plain + 19.99);
  });

  it('refuses a disabled protection plan, and always fails for the boat storage unit', async () => {
    expect((await get('facilities/demo/space-types/m-10x10/rental-cost/?insurance_id=104')).code).toBe(
      'InvalidInsurance',
    );
    expect(await get('facilities/demo/space-types/other-boat/rental-cost/?available_unit_id=sp-bs-1')).toMatchObject({
      status: 'error',
      code: 'CostCalculationFailed',
    });
  });

  it('prices a reservation from its move-in date', async () => {
    const response = await get(
      'facilities/demo/space-types/m-10x10/rental-cost/?available_unit_id=sp-b-12&res_id=res-1001',
    );
    expect(response.result.gds_raw.move_in_date).toBe('07/16/2025');
  });
});

describe('protection plans and locks', () => {
  it('offers plans (one most popular, one disabled) and the lock for a storage unit', async () => {
    const plans = (await get('facilities/demo/facility-insurances/?space_type_id=m-10x10')).result;
    expect(plans.filter((plan: { is_popular: number }) => plan.is_popular === 1)).toHaveLength(1);
    expect(plans.some((plan: { enabled: boolean }) => !plan.enabled)).toBe(true);
    expect((await get('facilities/demo/merchandise/?space_type_id=m-10x10')).result).toEqual([
      {
        item_id: 'lock-disc-70',
        name: 'Disc Lock (70 mm)',
        amount: 19.99,
        image_url: 'http://localhost:80/assets/lock.svg',
      },
    ]);
  });

  it('offers neither for parking', async () => {
    expect((await get('facilities/demo/facility-insurances/?space_type_id=p-10x20')).result).toEqual([]);
    expect((await get('facilities/demo/merchandise/?space_type_id=p-10x20')).result).toEqual([]);
  });
});

describe('find reservation', () => {
  it('finds a reservation with its unit and space', async () => {
    const found = await get('facilities/demo/find-reservation/?reservation_code=DEMO1234&facility_id=demo');
    expect(found.result).toMatchObject({
      reservation_code: 'DEMO1234',
      reservation_date: '07/16/2025',
      tenant_first_name: 'Jordan',
      unit: { unit_id: 'm-10x10' },
      space: { door_name: 'B-12', status: 'unavailable' },
    });
    // The reserved space can be held for the move-in.
    expect(
      (await post('facilities/demo/spaces/sp-b-12/hold/', { facility_id: 'demo', space_id: 'sp-b-12' })).status,
    ).toBe('ok');
  });

  it('answers field errors with the __all__ message for an unknown code', async () => {
    expect(await get('facilities/demo/find-reservation/?reservation_code=NOPE0000&facility_id=demo')).toEqual({
      status: 'error',
      code: 'ReservationNotFound',
      message: 'No reservation found with this code.',
      errors: {
        __all__: ['No reservation found with this code.'],
        reservation_code: ['Please check the code and try again.'],
      },
    });
  });
});
