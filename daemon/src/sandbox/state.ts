import { randomUUID } from 'node:crypto';
import { HOLD, type FacilityMapImage, type FacilityMapMedia } from '@kiosk/shared-types';
import { addDays, formatUsDate, localDate } from './dates.js';
import {
  DEMO_FACILITIES,
  RESERVATIONS,
  SANDBOX_SETTINGS,
  type DemoFacility,
  type DemoReservation,
  type DemoUnit,
  type SettledSpaceStatus,
} from './demo-facility.js';
import { AccountsWorld } from './accounts.js';
import { IdentityWorld } from './identity-state.js';
import { MerchandiseWorld } from './merchandise-state.js';
import { SandboxRecordings } from './recordings.js';
import { RentalProcessWorld } from './rental-process-state.js';
import { SandboxError } from './sandbox-error.js';
import { TerminalPaymentsWorld } from './terminal-payments-state.js';
import {
  buildSpaces,
  type FacilityWorld,
  type Hold,
  type HoldOutcome,
  type ReleaseOutcome,
  type ReleaseRecord,
  type ReservationRecord,
  type SpaceRecord,
} from './space-records.js';

/**
 * The sandbox's mutable world, built from demo-facility.ts and rebuilt by reset().
 *
 * Time comes from an injectable clock (plus an offset the control route can advance), and holds
 * expire lazily: every read first frees the spaces whose hold is older than HOLD.lifetimeMs. So a
 * test moves the clock and reads; nothing runs on a timer.
 *
 * Facilities, spaces, holds and reservations live here (their records: space-records.ts). The other
 * areas keep their state in a world of their own, reset with this one: recordings.ts (calls, logs,
 * texts, mails), identity-state.ts, accounts.ts (users and billing), rental-process-state.ts,
 * merchandise-state.ts (supplies stock), terminal-payments-state.ts (payments the terminal approved).
 */
export type Clock = () => number;

export class SandboxState {
  private readonly baseClock: Clock;
  private clockOffsetMs = 0;
  private readonly seed: readonly DemoFacility[];
  private readonly seedReservations: readonly DemoReservation[];

  // -- FACILITIES, SPACES, HOLDS ------------------------------------------------------------------
  private facilities = new Map<string, FacilityWorld>();
  private holds = new Map<string, Hold>();
  private reservations = new Map<string, ReservationRecord>();
  releases: ReleaseRecord[] = [];
  /** Facility-map spaces whose media a test replaced (POST /__sandbox/map/media), by facility then door. */
  private mapMedia = new Map<string, Map<string, FacilityMapMedia[]>>();

  // -- THE OTHER AREAS' WORLDS --------------------------------------------------------------------
  readonly recordings = new SandboxRecordings(() => this.now());
  readonly identity = new IdentityWorld(() => this.now());
  readonly accounts = new AccountsWorld(() => this.now());
  readonly rentalProcess = new RentalProcessWorld(() => this.now());
  readonly merchandise = new MerchandiseWorld();
  readonly terminalPayments = new TerminalPaymentsWorld(() => this.now());

  constructor(
    options: { clock?: Clock; facilities?: readonly DemoFacility[]; reservations?: readonly DemoReservation[] } = {},
  ) {
    this.baseClock = options.clock ?? Date.now;
    this.seed = options.facilities ?? DEMO_FACILITIES;
    this.seedReservations = options.reservations ?? RESERVATIONS;
    this.reset();
  }

  /** A fresh world: demo data, no holds, nothing recorded, clock offset back to zero. */
  reset(): void {
    this.clockOffsetMs = 0;
    this.facilities = new Map(
      this.seed.map((data) => [data.facility_id, { data, spaces: buildSpaces(data), promoIds: new Map() }]),
    );
    this.holds = new Map();
    this.reservations = new Map();
    this.releases = [];
    this.mapMedia = new Map();
    this.recordings.reset();
    this.identity.reset();
    this.accounts.reset();
    this.rentalProcess.reset();
    this.merchandise.reset();
    this.terminalPayments.reset();
    for (const reservation of this.seedReservations) {
      this.addReservation({ ...reservation, reservation_date: null });
    }
  }

  // -- CLOCK --------------------------------------------------------------------------------------

  now(): number {
    return this.baseClock() + this.clockOffsetMs;
  }

  /** Move the sandbox's time forward (POST /__sandbox/clock), e.g. past a hold's expiry. */
  advanceClock(ms: number): void {
    this.clockOffsetMs += ms;
  }

  /** Today in the facility's time zone. */
  today() {
    return localDate(this.now(), SANDBOX_SETTINGS.timezone);
  }

  // -- FACILITIES ---------------------------------------------------------------------------------

  facilityIds(): string[] {
    return [...this.facilities.keys()];
  }

  /** The facility's map images, with the media tests gave its spaces. */
  facilityMap(facilityId: string): FacilityMapImage[] {
    const replaced = this.mapMedia.get(facilityId);
    return this.facility(facilityId).data.map.map((image) => ({
      ...image,
      polygons: image.polygons.map((polygon) => ({
        ...polygon,
        media: replaced?.get(polygon.door_name) ?? polygon.media,
      })),
    }));
  }

  /** Give a map space other media until the next reset; false when the facility's map has no such space. */
  setMapMedia(facilityId: string, doorName: string, media: FacilityMapMedia[]): boolean {
    const known = this.facility(facilityId).data.map.some((image) =>
      image.polygons.some((polygon) => polygon.door_name === doorName),
    );
    if (!known) return false;
    const doors = this.mapMedia.get(facilityId) ?? new Map<string, FacilityMapMedia[]>();
    doors.set(doorName, media);
    this.mapMedia.set(facilityId, doors);
    return true;
  }

  /** The facility's world; a 404 for an id the sandbox does not know. */
  facility(facilityId: string): FacilityWorld {
    const world = this.facilities.get(facilityId);
    if (!world) throw new SandboxError(404, 'FacilityNotFound', `No facility with id "${facilityId}".`);
    return world;
  }

  unit(facilityId: string, unitId: string): DemoUnit | undefined {
    return this.facility(facilityId).data.units.find((unit) => unit.unit_id === unitId);
  }

  // -- SPACES -------------------------------------------------------------------------------------

  spaces(facilityId: string): readonly SpaceRecord[] {
    this.expireHolds();
    return this.facility(facilityId).spaces;
  }

  /** By space id ('sp-b-12') or door name ('B-12', any case). */
  findSpace(facilityId: string, idOrDoorName: string): SpaceRecord | undefined {
    const spaces = this.spaces(facilityId);
    const wanted = idOrDoorName.toLowerCase();
    return (
      spaces.find((space) => space.door_id === idOrDoorName) ??
      spaces.find((space) => space.door_name.toLowerCase() === wanted)
    );
  }

  /** The live quantity_available_to_rent of a space type. */
  availableCount(facilityId: string, unitId: string): number {
    return this.spaces(facilityId).filter((space) => space.unit_id === unitId && space.status === 'available').length;
  }

  /** Force a status (control route, or a rental that went through); any hold on it ends. */
  setSpaceStatus(facilityId: string, idOrDoorName: string, status: SettledSpaceStatus): SpaceRecord | undefined {
    const space = this.findSpace(facilityId, idOrDoorName);
    if (!space) return undefined;
    if (space.hold) this.holds.delete(space.hold.token);
    space.hold = null;
    space.status = status;
    space.settled_status = status;
    if (status !== 'unavailable') space.reservation_code = null;
    return space;
  }

  /** A rental (or a reservation's move-in) went through: the space is rented for good. */
  markRented(facilityId: string, idOrDoorName: string): SpaceRecord | undefined {
    return this.setSpaceStatus(facilityId, idOrDoorName, 'rented');
  }

  // -- HOLDS --------------------------------------------------------------------------------------

  /** Hold one space. Refused when it is not available (another kiosk's hold included). */
  holdSpace(facilityId: string, idOrDoorName: string): HoldOutcome {
    const world = this.facility(facilityId);
    const space = this.findSpace(facilityId, idOrDoorName);
    if (!space)
      return {
        ok: false,
        code: 'SpaceUnavailable',
        message: 'Sorry! Unit is not available. Please choose another unit.',
      };
    if (!this.canHold(world, space)) {
      return {
        ok: false,
        code: 'SpaceUnavailable',
        message: `Sorry! Unit ${space.door_name} is not available. Please choose another unit.`,
      };
    }
    return { ok: true, hold: this.placeHold(space) };
  }

  /** Hold any available space of a type (the first by door order). */
  holdSpaceType(facilityId: string, unitId: string): HoldOutcome {
    const world = this.facility(facilityId);
    const space = this.spaces(facilityId).find(
      (candidate) => candidate.unit_id === unitId && candidate.status === 'available' && this.canHold(world, candidate),
    );
    if (!space)
      return {
        ok: false,
        code: 'SpaceUnavailable',
        message: 'Sorry! Unit is not available. Please choose another unit.',
      };
    return { ok: true, hold: this.placeHold(space) };
  }

  /** Free a held space when the token matches. Every call is recorded (GET /__sandbox/releases). */
  releaseSpace(facilityId: string, idOrDoorName: string, holdToken: string): ReleaseOutcome {
    const space = this.findSpace(facilityId, idOrDoorName);
    let outcome: ReleaseOutcome;
    if (!space) outcome = 'unknown-space';
    else if (!space.hold) outcome = 'not-held';
    else if (space.hold.token !== holdToken) outcome = 'token-mismatch';
    else {
      this.endHold(space);
      outcome = 'released';
    }
    this.releases.push({
      at: new Date(this.now()).toISOString(),
      facility_id: facilityId,
      space_id: idOrDoorName,
      hold_token: holdToken,
      outcome,
    });
    return outcome;
  }

  activeHolds(): Hold[] {
    this.expireHolds();
    return [...this.holds.values()];
  }

  holdByToken(token: string): Hold | undefined {
    this.expireHolds();
    return this.holds.get(token);
  }

  private canHold(world: FacilityWorld, space: SpaceRecord): boolean {
    const refusals = world.data.hold_refusals;
    if (refusals.unit_ids.includes(space.unit_id) || refusals.door_names.includes(space.door_name)) return false;
    return (
      space.status === 'available' || (space.status === 'unavailable' && space.reservation_code !== null && !space.hold)
    );
  }

  private placeHold(space: SpaceRecord): Hold {
    const now = this.now();
    const hold: Hold = {
      token: randomUUID(),
      facility_id: space.facility_id,
      space_id: space.door_id,
      door_name: space.door_name,
      space_type_id: space.unit_id,
      created_at: now,
      expires_at: now + HOLD.lifetimeMs,
    };
    space.hold = hold;
    space.status = 'held';
    this.holds.set(hold.token, hold);
    return hold;
  }

  private endHold(space: SpaceRecord): void {
    if (space.hold) this.holds.delete(space.hold.token);
    space.hold = null;
    space.status = space.settled_status;
  }

  private expireHolds(): void {
    const now = this.now();
    for (const hold of this.holds.values()) {
      if (hold.expires_at > now) continue;
      const space = this.facilities.get(hold.facility_id)?.spaces.find((candidate) => candidate.hold === hold);
      if (space) this.endHold(space);
      else this.holds.delete(hold.token);
    }
  }

  // -- RESERVATIONS -------------------------------------------------------------------------------

  /** Record a reservation; its space shows unavailable but stays holdable for the move-in. */
  addReservation(
    reservation: Omit<ReservationRecord, 'move_in_in_days'> & { move_in_in_days?: number },
  ): ReservationRecord {
    const record: ReservationRecord = { move_in_in_days: 0, ...reservation };
    this.reservations.set(record.reservation_code.toUpperCase(), record);
    const space = this.facilities
      .get(record.facility_id)
      ?.spaces.find((candidate) => candidate.door_name === record.door_name);
    if (space && space.status !== 'rented') {
      space.reservation_code = record.reservation_code;
      space.settled_status = 'unavailable';
      if (!space.hold) space.status = 'unavailable';
    }
    return record;
  }

  /** Case-insensitive; only the facility's own reservations. */
  findReservation(facilityId: string, code: string): ReservationRecord | undefined {
    const found = this.reservations.get(code.trim().toUpperCase());
    return found && found.facility_id === facilityId ? found : undefined;
  }

  findReservationById(facilityId: string, reservationId: string): ReservationRecord | undefined {
    return [...this.reservations.values()].find(
      (record) => record.facility_id === facilityId && record.reservation_id === reservationId,
    );
  }

  /** The tenant moved in: the reservation is used up and can no longer be found by its code. */
  removeReservation(record: ReservationRecord): void {
    this.reservations.delete(record.reservation_code.toUpperCase());
  }

  /** MM/DD/YYYY: the fixed date, or "N days from today" for seeded reservations. */
  reservationDate(record: ReservationRecord): string {
    return record.reservation_date ?? formatUsDate(addDays(this.today(), record.move_in_in_days));
  }
}
