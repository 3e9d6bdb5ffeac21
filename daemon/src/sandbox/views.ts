import type {
  FacilitySettings,
  GroupedUnits,
  KioskTimeEntry,
  Promo,
  Reservation,
  ReviewSource,
  Space,
  Unit,
} from '@kiosk/shared-types';
import { UNIT_GROUPS } from '@kiosk/shared-types';
import type { DemoPromo, DemoReviewSource, DemoUnit } from './demo-facility.js';
import type { FacilityWorld, ReservationRecord, SpaceRecord } from './space-records.js';
import type { SandboxState } from './state.js';

/** The operator API's shapes, built from the sandbox's state (sandbox-only fields left out). */

export function promoView({ promo_id, promo_type, promo_description }: DemoPromo): Promo {
  return { promo_id, promo_type, promo_description };
}

/** The unit's promos now: a control route's change (POST /__sandbox/units/:unitId/promos), else the demo data's. */
export function unitPromos(world: FacilityWorld, unit: DemoUnit): DemoPromo[] {
  const ids = world.promoIds.get(unit.unit_id) ?? unit.promo_ids;
  return world.data.promos.filter((promo) => ids.includes(promo.promo_id));
}

export function unitView(state: SandboxState, world: FacilityWorld, unit: DemoUnit): Unit {
  return {
    unit_id: unit.unit_id,
    unit_type: unit.unit_type,
    actual_width: unit.actual_width,
    actual_length: unit.actual_length,
    actual_square_feet: unit.actual_width * unit.actual_length,
    rental_rate: unit.rental_rate,
    board_rate: unit.board_rate,
    quantity_available_to_rent: state.availableCount(world.data.facility_id, unit.unit_id),
    parking: unit.parking,
    description: unit.description,
    ...(unit.description_updated ? { description_updated: true, sf_description: unit.sf_description ?? '' } : {}),
    size: unit.size,
    video_id: unit.video_id,
    promos: unitPromos(world, unit).map(promoView),
  };
}

/** Every group present (empty when the facility has none), each sorted by square feet then rate. */
export function groupedUnitsView(state: SandboxState, world: FacilityWorld): GroupedUnits {
  const grouped = Object.fromEntries(UNIT_GROUPS.map((group) => [group, [] as Unit[]])) as GroupedUnits;
  for (const unit of world.data.units) grouped[unit.size].push(unitView(state, world, unit));
  for (const units of Object.values(grouped)) {
    units.sort(
      (a, b) =>
        a.actual_square_feet - b.actual_square_feet || (a.rental_rate ?? Infinity) - (b.rental_rate ?? Infinity),
    );
  }
  return grouped;
}

/**
 * A space row. The space list leaves status '' (the UI looks each row up when it becomes visible,
 * rental §4); the single-space lookup fills it. token is always null: a hold token is only ever
 * given to the kiosk that placed the hold.
 */
export function spaceView(space: SpaceRecord, withStatus: boolean): Space {
  return {
    door_id: space.door_id,
    door_name: space.door_name,
    door_number: space.door_name,
    available_unit_id: space.door_id,
    space_type_id: space.unit_id,
    unit_id: space.unit_id,
    token: null,
    rental_rate: space.rental_rate,
    available: space.status === 'available',
    status: withStatus ? space.status : '',
  };
}

function reviewSourceView(source: DemoReviewSource | null, nowMs: number): ReviewSource | null {
  if (!source) return null;
  return {
    review_count: source.review_count,
    overall_rating: source.overall_rating,
    user_reviews: source.user_reviews.map(({ days_ago, ...review }) => ({
      ...review,
      time: Math.floor(nowMs / 1000) - days_ago * 86_400,
    })),
  };
}

export function facilitySettingsView(state: SandboxState, world: FacilityWorld): FacilitySettings {
  const { data } = world;
  const today = state.today().weekday;
  const kiosk_time: KioskTimeEntry[] = data.hours.map((hours) => ({
    status: hours.status,
    rows: Object.entries(hours.rows).map(([label, time]) => ({ label, time, is_today: label === today })),
  }));
  return {
    facility_id: data.facility_id,
    ...data.settings,
    timings: { kiosk_time },
    reviews: {
      google: reviewSourceView(data.reviews.google, state.now()),
      yelp: reviewSourceView(data.reviews.yelp, state.now()),
    },
    features: data.amenities,
    media: data.media,
    capabilities: data.capabilities,
  };
}

export function reservationView(state: SandboxState, world: FacilityWorld, record: ReservationRecord): Reservation {
  const space = world.spaces.find((candidate) => candidate.door_name === record.door_name);
  const unit = space && world.data.units.find((candidate) => candidate.unit_id === space.unit_id);
  if (!space || !unit)
    throw new Error(`demo-facility.ts: reservation ${record.reservation_code} names unknown door ${record.door_name}`);
  return {
    reservation_id: record.reservation_id,
    reservation_code: record.reservation_code,
    reservation_date: state.reservationDate(record),
    facility_id: record.facility_id,
    tenant_first_name: record.tenant_first_name,
    tenant_last_name: record.tenant_last_name,
    tenant_email: record.tenant_email,
    tenant_phone: record.tenant_phone,
    unit: unitView(state, world, unit),
    space: spaceView(space, true),
  };
}
