import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UNIT_GROUPS, type FacilitySettings, type GroupedUnits } from '@kiosk/shared-types';
import { buildSandbox } from '../app.js';
import { isValidPhone } from './facility.js';

let app: FastifyInstance;
// Tuesday 15 July 2025, noon in Springfield, IL.
const NOW = Date.UTC(2025, 6, 15, 17, 0);

beforeAll(async () => {
  app = await buildSandbox({ clock: () => NOW });
});
beforeEach(async () => {
  await app.inject({ method: 'POST', url: '/__sandbox/reset' });
});
afterAll(async () => {
  await app.close();
});

async function call(url: string) {
  const response = await app.inject({ url: `/api/v1/${url}`, headers: { 'x-api-key': 'k' } });
  return response.json();
}
const result = async (url: string) => (await call(url)).application_data.result;

describe('facility data', () => {
  it('answers every facility setting, with today highlighted in the hours', async () => {
    const settings: FacilitySettings = await result('facilities/demo/?All=true&facility_id=demo');
    expect(settings).toMatchObject({
      name: 'Maple Street Self Storage',
      address1: '1250 Maple Street',
      city: 'Springfield',
      state: 'IL',
      postal: '62704',
      insurance_required: false,
      gatecode_length: 4,
      wl_reservation_enabled: true,
      senior_citizen_age: 55,
      advanced_dates: 30,
      noke: false,
      driver_license_required: false,
      external_paybill: null,
      capabilities: { pmsNotifications: { reservation: false, rental: false, payment: true } },
    });
    const access = settings.timings.kiosk_time.find((entry) => entry.status === 'Access Hours')!;
    expect(access.rows.filter((row) => row.is_today).map((row) => row.label)).toEqual(['Tuesday']);
    expect(settings.reviews.google?.user_reviews[0]?.time).toBe(NOW / 1000);
  });

  it('has variants for smart access and an external pay-bill', async () => {
    expect(await result('facilities/demo-smart/')).toMatchObject({ noke: true, driver_license_required: true });
    const external = await result('facilities/external-paybill/');
    expect(external).toMatchObject({ facility_map_url: null, external_paybill: expect.stringMatching(/^https:/) });
    expect((await result('facilities/external-paybill/pandadocs/non-interactive-agreements/')).agreements).toEqual([]);
    expect(await result('user/facility/external-paybill/map/')).toEqual([]);
  });

  it('groups space types by size with live availability, a sold-out size and a CALL unit', async () => {
    const grouped: GroupedUnits = await result('facilities/demo/space-types/?All=true');
    expect(Object.keys(grouped)).toEqual([...UNIT_GROUPS]);
    for (const group of UNIT_GROUPS) expect(grouped[group].length).toBeGreaterThan(0);
    expect(grouped.extra_large[0]?.quantity_available_to_rent).toBe(0);
    expect(grouped.other.find((unit) => unit.unit_id === 'other-office')?.rental_rate).toBeNull();
    const promoTypes = new Set(
      Object.values(grouped)
        .flat()
        .flatMap((unit) => unit.promos.map((promo) => promo.promo_type)),
    );
    expect([...promoTypes].sort()).toEqual(['default', 'military', 'rental', 'senior', 'student']);
  });

  it('shows the size guide with no extra-large units available', async () => {
    const guide = await result('facilities/demo/size-guide/?all=true');
    expect(guide.map((entry: { short_name: string }) => entry.short_name)).toEqual(['XS', 'S', 'M', 'L', 'XL']);
    expect(guide.find((entry: { size: string }) => entry.size === 'extra_large').quantity_available_to_rent).toBe(0);
  });

  it('lists spaces with status left for the live lookup, which answers status and rate', async () => {
    const spaces = await result('facilities/demo/spaces/');
    expect(spaces.every((space: { status: string }) => space.status === '')).toBe(true);
    expect(await result('facilities/demo/space/A102/?live_data=true')).toMatchObject({
      door_name: 'A102',
      status: 'rented',
    });
    expect(await result('facilities/demo/space/sp-a103/?live_data=true')).toMatchObject({ status: 'held' });
    expect(await result('facilities/demo/space/A112/?live_data=true')).toMatchObject({ status: 'unavailable' });
    expect(await result('facilities/demo/space/015/?live_data=true')).toMatchObject({
      status: 'available',
      rental_rate: 69,
    });
    expect((await call('facilities/demo/space/Z-99/?live_data=true')).application_data.status).toBe('error');
  });

  it('gives space details with door features, some missing', async () => {
    const details = await result('facilities/demo/space/sp-b-10/details/');
    expect(details.features.map((f: { property_name: string }) => f.property_name)).toEqual([
      'Height',
      'Width',
      'Ceiling Height',
    ]);
    expect(details.images[0].image_url).toMatch(/^http:\/\/localhost(:80)?\/assets\/photos\//);
    expect((await result('facilities/demo/space/A112/details/')).features).toEqual([]);
  });

  it('answers availability for a JSON list of unit ids, and the unit promos', async () => {
    const availability = await result(
      `get-units-availability-for-facility/?facility_id=demo&unit_ids=${encodeURIComponent('["m-10x10","xl-10x30"]')}`,
    );
    expect(availability).toEqual([
      { unit_id: 'm-10x10', quantity_available_to_rent: 3 },
      { unit_id: 'xl-10x30', quantity_available_to_rent: 0 },
    ]);
    const promos = await result('get-unit-promo/?facility_id=demo&unit_id=s-5x10');
    expect(promos.map((promo: { promo_type: string }) => promo.promo_type)).toEqual([
      'default',
      'military',
      'senior',
      'student',
    ]);
  });

  it("changes a unit's promos until reset: the unit promo call, the space list and the cost follow", async () => {
    const change = (unitId: string, promo_ids: string[]) =>
      app.inject({
        method: 'POST',
        url: `/__sandbox/units/${unitId}/promos`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ promo_ids }),
      });
    expect(await result('get-unit-promo/?facility_id=demo&unit_id=xs-4x5')).toEqual([]);
    expect((await change('xs-4x5', ['promo-half-first-month'])).statusCode).toBe(200);
    expect(await result('get-unit-promo/?facility_id=demo&unit_id=xs-4x5')).toEqual([
      { promo_id: 'promo-half-first-month', promo_type: 'default', promo_description: '50% off your first full month' },
    ]);
    const listed = (await result('facilities/demo/space-types/?All=true')).extra_small;
    expect(listed.find((unit: { unit_id: string }) => unit.unit_id === 'xs-4x5').promos).toHaveLength(1);
    const costs = await result(
      'facilities/demo/space-types/xs-4x5/rental-cost/?facility_id=demo&promo_id=promo-half-first-month',
    );
    expect(costs.costs.map((line: { name: string }) => line.name)).toContain('discount');

    expect((await change('xs-4x5', ['promo-nope'])).statusCode).toBe(400);
    expect((await change('nope', [])).statusCode).toBe(404);
    await app.inject({ method: 'POST', url: '/__sandbox/reset' });
    expect(await result('get-unit-promo/?facility_id=demo&unit_id=xs-4x5')).toEqual([]);
  });

  it('lists owner cities: one with two facilities, one with exactly one', async () => {
    const cities = await result('facilities/demo/owner/cities/');
    expect(cities.map((city: { city: string; facilities: unknown[] }) => [city.city, city.facilities.length])).toEqual([
      ['Springfield', 2],
      ['Decatur', 1],
    ]);
    expect(cities[1].facilities[0]).toMatchObject({ facility_id: 'external-paybill', phone: '(217) 555-0121' });
  });

  it('answers capabilities unwrapped', async () => {
    const body = await call('owners/demo-owner/website/facilities/demo/capabilities/');
    expect(body).toEqual({
      data: { capabilities: { pmsNotifications: { reservation: false, rental: false, payment: true } } },
    });
  });

  it('lets a test give a map space other media until the next reset; an unknown space is a 404', async () => {
    const media = [{ media_type: 'yt', media_url: 'https://www.youtube.com/watch?v=abc123XYZ' }];
    const set = await app.inject({
      method: 'POST',
      url: '/__sandbox/map/media',
      payload: { door_name: 'A110', media },
    });
    expect(set.statusCode).toBe(200);
    const door = async (name: string) =>
      (await result('user/facility/demo/map/'))[0].polygons.find(
        (polygon: { door_name: string }) => polygon.door_name === name,
      );
    expect((await door('A110')).media).toEqual(media);
    const unknown = await app.inject({
      method: 'POST',
      url: '/__sandbox/map/media',
      payload: { door_name: 'Z9', media },
    });
    expect(unknown.statusCode).toBe(404);
    await app.inject({ method: 'POST', url: '/__sandbox/reset' });
    expect((await door('A110')).media).toEqual([]);
  });

  it('answers the facility map with polygons and media, and the documents', async () => {
    const [image] = await result('user/facility/demo/map/');
    expect(image).toMatchObject({ width: 1200, height: 800 });
    expect(
      image.polygons.find((polygon: { door_name: string }) => polygon.door_name === 'A101').media[0].media_type,
    ).toBe('yt');
    const { agreements } = await result('facilities/demo/pandadocs/non-interactive-agreements/');
    expect(agreements.map((doc: { document_type: string }) => doc.document_type)).toContain(
      'insurance_brochure_non_interactive',
    );
  });

  it('adds the size-guide videos to the media only when asked', async () => {
    expect((await result('facilities/demo/media/')).size_guide_videos).toEqual([]);
    const media = await result('facilities/demo/media/?enable_size_guide_videos=true');
    expect(media.size_guide_videos).toHaveLength(5);
    expect(media.media.map((item: { type: string }) => item.type)).toEqual(
      expect.arrayContaining(['photo', 'map', 'street_view', 'video']),
    );
  });
});

describe('lookups', () => {
  it.each([
    ['62704', 'IL'],
    ['90210', 'CA'],
    ['10001', 'NY'],
    ['73301', 'TX'],
  ])('finds the state of zip %s', async (zipcode, stateCode) => {
    expect(await call(`facilities/demo/zipcode/?zipcode=${zipcode}`)).toEqual({
      application_data: { status: 'ok', result: { state_code: stateCode } },
    });
  });

  it('answers Invalid zip code for an unknown zip', async () => {
    expect((await call('facilities/demo/zipcode/?zipcode=99999')).application_data).toMatchObject({
      status: 'error',
      message: 'Invalid zip code',
    });
  });

  it.each([
    ['(217) 555-0182', true],
    ['12175550182', true],
    ['(000) 123-4567', false],
    ['(111) 555-1234', false],
    ['(217) 555-0000', false],
    ['555-0182', false],
  ])('validates phone %s as %s', async (phone, valid) => {
    expect(isValidPhone(phone)).toBe(valid);
    expect(await call(`common-data/validate-phone/?phone_number=${encodeURIComponent(phone)}&country_code=1`)).toEqual({
      data: { is_valid: valid },
    });
  });
});
