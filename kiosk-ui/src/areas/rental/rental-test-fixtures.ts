/**
 * Fixtures for the browse and rental store tests: a demo facility's units, spaces and the fake
 * routes of the hold sequence (hold, insurance plans, cost, dossier, daemon hold registry), and a
 * rental on secondary_contact whose unit has every kind of promo (the conditional sections).
 */
import type {
  CostLine,
  FacilitySettings,
  GroupedUnits,
  KioskConfig,
  Reservation,
  Space,
  Unit,
} from '@kiosk/shared-types';
import { runInAction } from 'mobx';
import { createFlowState } from './flow/flow';
import {
  configureDemoFacility,
  createTestRoot,
  wrapped,
  type FakeReply,
  type FakeRequest,
  type FakeRoutes,
} from '../../test/fakes';

export const config: KioskConfig = {
  colors: {},
  title: 'Demo',
  owner_id: 'demo-owner',
  logo: null,
  mute_audio: true,
  welcome: {},
};

export const settings = {
  facility_id: 'demo',
  name: 'Maple Street Self Storage',
  enable_storing_vehicle: true,
  enable_parking_type_fields: false,
  autopay_required: false,
  autopay_always_required: false,
  frontend_conf: { secondary_contact_required: true, secondary_contact_title: '', secondary_contact_help_text: '' },
  reviews: { google: null, yelp: null },
  features: [],
  facility_map_url: null,
  external_paybill: null,
} as unknown as FacilitySettings;

export function unit(overrides: Partial<Unit> = {}): Unit {
  return {
    unit_id: 'm-10x10',
    unit_type: 'Drive-Up',
    actual_width: 10,
    actual_length: 10,
    actual_square_feet: 100,
    rental_rate: 120,
    board_rate: 135,
    quantity_available_to_rent: 2,
    parking: false,
    description: '',
    size: 'medium',
    video_id: null,
    promos: [
      { promo_id: 'promo-half', promo_type: 'default', promo_description: '50% off' },
      { promo_id: 'promo-senior', promo_type: 'senior', promo_description: 'Senior' },
    ],
    ...overrides,
  };
}

export function space(door: string, overrides: Partial<Space> = {}): Space {
  return {
    door_id: `sp-${door.toLowerCase()}`,
    door_name: door,
    door_number: door,
    available_unit_id: `sp-${door.toLowerCase()}`,
    space_type_id: 'm-10x10',
    unit_id: 'm-10x10',
    token: null,
    rental_rate: 120,
    available: true,
    status: '',
    ...overrides,
  };
}

export const COSTS: CostLine[] = [
  { name: 'Prorated Rent', description: '', amount: 60, tax: 0, total: 60, total_without_merchandise: 60, period: '' },
  { name: 'Rent', description: '', amount: 120, tax: 0, total: 120, total_without_merchandise: 120, period: '' },
  { name: 'Tax', description: '', amount: 13.05, tax: 0, total: 13.05, total_without_merchandise: 13.05, period: '' },
  {
    name: 'Total',
    description: '',
    amount: 193.05,
    tax: 0,
    total: 193.05,
    total_without_merchandise: 193.05,
    period: '',
  },
];

export const RESERVATION: Reservation = {
  reservation_id: 'res-1',
  reservation_code: 'DEMO1234',
  reservation_date: '07/02/2026',
  facility_id: 'demo',
  tenant_first_name: 'Jamie',
  tenant_last_name: 'Rivera',
  tenant_email: 'jamie@example.com',
  tenant_phone: '(217) 555-0142',
  unit: unit(),
  space: space('B-12', { status: 'unavailable' }),
};

const API = '/api/facilities/demo';

export function holdReply(door: string, unitId = 'm-10x10'): FakeReply {
  return {
    body: wrapped({
      token: `tok-${door}`,
      space_type_id: unitId,
      space_id: `sp-${door.toLowerCase()}`,
      door_number: door,
    }),
  };
}

export function refused(door: string): FakeReply {
  return {
    body: {
      application_data: {
        status: 'error',
        code: 'SpaceUnavailable',
        message: `Sorry! Unit ${door} is not available. Please choose another unit.`,
      },
    },
  };
}

export const costOk: FakeReply = { body: wrapped({ costs: COSTS, gds_raw: null }) };
export const costFails: FakeReply = {
  body: { application_data: { status: 'error', code: 'CostCalculationFailed', message: 'no' } },
};

/** Everything the hold sequence calls, answering success; override per test. */
export function holdRoutes(overrides: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /api/facilities/demo/configuration/': { body: wrapped(config) },
    'GET /api/facilities/demo/': { body: wrapped(settings) },
    [`POST ${API}/space-types/m-10x10/hold/`]: holdReply('B-10'),
    [`POST ${API}/spaces/sp-b-11/hold/`]: holdReply('B-11'),
    [`POST ${API}/spaces/sp-b-12/hold/`]: holdReply('B-12'),
    [`GET ${API}/facility-insurances/`]: { body: wrapped([{ insurance_id: 101, enabled: true }]) },
    // The operator's current promos of the picked unit: the same as the list's, unless a test says otherwise.
    'GET /api/get-unit-promo/': { body: wrapped(unit().promos) },
    [`GET ${API}/space-types/m-10x10/rental-cost/`]: costOk,
    'POST /api/owners/demo-owner/facilities/demo/dossiers/': { body: wrapped({ dossier_id: 'dos-1' }) },
    [`POST ${API}/release-space/`]: { body: wrapped({ released: true }) },
    'POST /session/holds': { status: 201, body: {} },
    'DELETE /session/holds/sp-b-10': { body: { space_id: 'sp-b-10', released: true } },
    'DELETE /session/holds/sp-b-11': { body: { space_id: 'sp-b-11', released: true } },
    'POST /log': { status: 204 },
    ...overrides,
  };
}

/** A root whose configuration and facility settings are loaded. */
export async function rentalRoot(overrides: FakeRoutes = {}) {
  const test = createTestRoot({ routes: holdRoutes(overrides) });
  await test.root.config.load('demo');
  return test;
}

export const calls = (requests: FakeRequest[], pattern: RegExp) =>
  requests.filter((r) => pattern.test(`${r.method} ${r.path}`));

/** The space list of the browse tests: units of two sizes (one sold out) and their spaces. */
const browseUnits: Partial<GroupedUnits> = {
  small: [unit({ unit_id: 's-5x10', size: 'small', actual_width: 5, actual_square_feet: 50, rental_rate: 69 })],
  medium: [unit(), unit({ unit_id: 'm-sold', quantity_available_to_rent: 0, rental_rate: 99 })],
  parking: [],
};

export function browseRoutes(overrides: FakeRoutes = {}): FakeRoutes {
  return {
    [`GET ${API}/space-types/`]: { body: wrapped(browseUnits) },
    [`GET ${API}/spaces/`]: {
      body: wrapped([
        space('B-10'),
        space('B-2'),
        space('015', { space_type_id: 's-5x10', unit_id: 's-5x10', rental_rate: 69 }),
        space('Z-1', { space_type_id: 'm-sold', unit_id: 'm-sold' }),
      ]),
    },
    [`GET ${API}/media/`]: {
      body: wrapped({ media: [{ type: 'photo', url: '/a.svg' }], size_guide_videos: [] }),
    },
    [`GET ${API}/size-guide/`]: { body: wrapped([]) },
    [`GET ${API}/amenities/`]: { body: wrapped([{ name: 'Climate Controlled', image_url: null }]) },
    [`GET ${API}/space/sp-b-10/`]: {
      body: wrapped({
        door_id: 'sp-b-10',
        door_name: 'B-10',
        space_type_id: 'm-10x10',
        status: 'available',
        rental_rate: 125,
      }),
    },
    [`GET ${API}/space/sp-b-2/`]: { status: 502, body: { message: 'down' } },
    [`GET ${API}/space/sp-z-1/`]: {
      body: wrapped({
        door_id: 'sp-z-1',
        door_name: 'Z-1',
        space_type_id: 'm-sold',
        status: 'available',
        rental_rate: 99,
      }),
    },
    'GET /api/get-units-availability-for-facility/': {
      body: wrapped([{ unit_id: 'm-sold', quantity_available_to_rent: 1 }]),
    },
    ...overrides,
  };
}

/** A root whose units store has loaded the browse fixtures' units, spaces, media and amenities. */
export async function browseRoot(overrides: FakeRoutes = {}) {
  const test = await rentalRoot(browseRoutes(overrides));
  await test.root.units.load();
  return test;
}

/** A request's form-encoded body as a plain record. */
export const formOf = (request: FakeRequest | undefined) =>
  Object.fromEntries(new URLSearchParams(request?.body ?? ''));

/** A unit's promos of every kind, for the answers that change the flow and the promo (rental §4 "Conditional sections"). */
export const CONDITIONAL_PROMOS = [
  { promo_id: 'promo-default', promo_type: 'default' as const, promo_description: 'Half off' },
  { promo_id: 'promo-military', promo_type: 'military' as const, promo_description: '15 % military' },
  { promo_id: 'promo-senior', promo_type: 'senior' as const, promo_description: '10 % senior' },
  { promo_id: 'promo-student', promo_type: 'student' as const, promo_description: '10 % student' },
];

/** A rental on secondary_contact with `promos`; the cost's total depends on the promo asked for. */
export function conditionalRoot(promos = CONDITIONAL_PROMOS) {
  const totals: Record<string, string> = {
    'promo-default': '100.00',
    'promo-military': '90.00',
    'promo-senior': '95.00',
    'promo-student': '96.00',
  };
  const test = createTestRoot({
    routes: {
      'GET /api/facilities/demo/space-types/m-10x10/rental-cost/': (request) => {
        const total = totals[request.query.get('promo_id') ?? ''] ?? '120.00';
        return { body: wrapped({ costs: [{ name: 'Total', amount: total, total }], gds_raw: null }) };
      },
      'POST /log': { status: 204 },
    },
  });
  const { root } = test;
  const picked = { unit_id: 'm-10x10', parking: false, promos } as unknown as Unit;
  runInAction(() => {
    configureDemoFacility(root, {
      enable_storing_vehicle: true,
      enable_parking_type_fields: true,
      autopay_required: false,
      autopay_always_required: false,
      frontend_conf: { secondary_contact_required: false },
    });
    root.shell.section = 'rent';
    root.rental.pick.unit = picked;
    root.rental.model.space_id = 'sp-b-10';
    root.rental.model.promo_id = 'promo-default';
    root.rental.flow = createFlowState(
      { settings: root.config.facility!, unit: picked, insurancePlans: [{ enabled: true }] },
      { loggedIn: false },
    );
    root.rental.goTo('secondary_contact');
  });
  const costCalls = () => test.requests.filter((request) => request.path.endsWith('/rental-cost/'));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { ...test, costCalls, settle };
}
