import type { SpaceDetail } from '@kiosk/shared-types';
import type { DemoFacility, DemoReservation, SettledSpaceStatus } from './demo-facility.js';

/**
 * The records SandboxState keeps for facilities, spaces, holds, releases and reservations, and how
 * a facility's spaces are first laid out from demo-facility.ts (each space takes its type's rate and
 * details unless it sets its own).
 */

export interface Hold {
  token: string;
  facility_id: string;
  space_id: string;
  door_name: string;
  space_type_id: string;
  /** Epoch ms. */
  created_at: number;
  expires_at: number;
}

export interface SpaceRecord {
  facility_id: string;
  /** The space id (space_id in calls): 'sp-' + the door name in lower case, e.g. 'sp-b-12'. */
  door_id: string;
  door_name: string;
  /** Its space type (unit_id / space_type_id). */
  unit_id: string;
  rental_rate: number | null;
  status: SettledSpaceStatus;
  /** What the space goes back to when its hold ends ('unavailable' for a reserved space). */
  settled_status: SettledSpaceStatus;
  hold: Hold | null;
  /** Set when a reservation holds the space back; such a space can still be held for the move-in. */
  reservation_code: string | null;
  details: SpaceDetail;
}

export interface FacilityWorld {
  data: DemoFacility;
  spaces: SpaceRecord[];
  /** A unit's promos changed by a control route (unit_id -> promo ids), until reset. */
  promoIds: Map<string, string[]>;
}

export interface ReservationRecord extends Omit<DemoReservation, 'move_in_in_days'> {
  /** MM/DD/YYYY when fixed; null for seeded ones, whose date stays "N days from today". */
  reservation_date: string | null;
  move_in_in_days: number;
}

export type HoldOutcome = { ok: true; hold: Hold } | { ok: false; code: 'SpaceUnavailable'; message: string };

export type ReleaseOutcome = 'released' | 'not-held' | 'token-mismatch' | 'unknown-space';

export interface ReleaseRecord {
  /** ISO time of the call (sandbox clock). */
  at: string;
  facility_id: string;
  space_id: string;
  hold_token: string;
  outcome: ReleaseOutcome;
}

export const spaceIdFor = (doorName: string) => `sp-${doorName.toLowerCase()}`;

/** The spaces of a facility as the demo data lays them out: free of holds and reservations. */
export function buildSpaces(data: DemoFacility): SpaceRecord[] {
  return data.spaces.map((space) => {
    const unit = data.units.find((candidate) => candidate.unit_id === space.unit_id);
    if (!unit) throw new Error(`demo-facility.ts: space ${space.door_name} names unknown unit ${space.unit_id}`);
    return {
      facility_id: data.facility_id,
      door_id: spaceIdFor(space.door_name),
      door_name: space.door_name,
      unit_id: space.unit_id,
      rental_rate: space.rental_rate === undefined ? unit.rental_rate : space.rental_rate,
      status: space.status,
      settled_status: space.status,
      hold: null,
      reservation_code: null,
      details: structuredClone({ ...unit.details, ...space.details }),
    };
  });
}
