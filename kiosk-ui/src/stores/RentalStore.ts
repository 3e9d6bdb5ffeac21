/*
 * Longer than one sitting's ~350 lines on purpose: the section navigation and the hold sequence
 * share the flow state, the model and the pick, and each step of the hold sequence moves the
 * section. The parts that stand alone are beside it: rental/holds.ts (holding and releasing
 * upstream), rental/reservation-lookup.ts (FIND MY RESERVATION), models/space-pick.ts (the pick).
 */
import { HOLD, type FacilitySettings, type Promo, type Reservation, type Space, type Unit } from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import { totalAmount } from '../browse/cost-lines';
import {
  back,
  createFlowState,
  entryEffects,
  goTo as flowGoTo,
  next as flowNext,
  setBusinessRental as flowSetBusinessRental,
  setMilitary as flowSetMilitary,
  setReservationMode as flowSetReservationMode,
  type FlowContext,
  type FlowState,
} from '../flow/flow';
import type { KioskSection } from '../flow/kiosk-sections';
import { chooseDiscount, promoIdOfType, type DiscountChoice } from '../flow/promos';
import { CANONICAL_ORDER, DEFAULT_SECTION, type SectionName } from '../flow/sections';
import { RENTAL_AREA_SECTIONS } from '../flow/sidebar';
import { IdentityClient } from '../identity/identity-client';
import { emptyRentalModel, type RentalModel } from '../models/rental-model';
import { emptySpacePick, newSpacePick, type SpacePick } from '../models/space-pick';
import { failureLogger, type LogFailure } from './failure-log';
import { Holds, spaceFromHold, type HeldSpace } from './rental/holds';
import { fetchInsurancePlans, fetchMoveInCost, fetchUnitPromos } from './rental/move-in-cost';
import { ReservationLookup } from './rental/reservation-lookup';
import type { RootStore } from './RootStore';

export type { HeldSpace } from './rental/holds';

/** The rental flow's section when it is (re)opened (rental spec §2: detail_page is the default). */
export const DEFAULT_RENTAL_SECTION: SectionName = DEFAULT_SECTION;

/** Sections whose entry clears the last pick (rental §4 "Selection and hold"). */
const CLEARING_SECTIONS: readonly SectionName[] = ['detail_page', 'find_reservation'];

/** An alert the rental area shows in the shared Dialog (never window.alert). */
export interface RentalAlert {
  key:
    'browse.hold.unit_not_available' | 'browse.hold.unit_not_available_no_number' | 'browse.hold.move_in_cost_failed';
  values?: Record<string, string>;
}

export interface ChooseOptions {
  /** Picked from the space-number search: rent_this_space comes after HOLD.searchPickDelayMs. */
  fromSearch?: boolean;
  /** A reservation found by code: the visitor moves in, so the flow continues as a rental. */
  reservation?: Reservation;
}

/** A flow before any unit is chosen: the plain lists, so `flow` is never null. */
function initialFlow(): FlowState {
  return createFlowState(
    {
      settings: { enable_storing_vehicle: true, enable_parking_type_fields: true },
      unit: { parking: false, promos: [] },
      insurancePlans: [{ enabled: true }],
    },
    { loggedIn: false },
  );
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The rental and reservation flow (rental spec §2-§4): the active rental section, the flow lists
 * (rental or reservation), the rental model, the visitor's pick (SpacePick: unit, space, hold
 * token, insurance plans, move-in cost, dossier), and the hold sequence `chooseUnit(unit, space)`.
 * Screens call `done(patch)` / `cancel()` / `goTo(section)`.
 *
 * Holds: a space stays held while the visitor is in the flow. Returning to the space list
 * (detail_page, e.g. CHANGE or Cancel on the first step) or to find_reservation gives it up, and
 * so does leaving the rental area; the hold step also releases any earlier hold it still knows of
 * before holding the next space (rental/holds.ts).
 */
export class RentalStore {
  section: SectionName = DEFAULT_RENTAL_SECTION;
  model: RentalModel = emptyRentalModel();
  flow: FlowState = initialFlow();
  /** The visitor's pick, replaced as a whole (models/space-pick.ts). */
  pick: SpacePick = emptySpacePick();
  alert: RentalAlert | null = null;
  /** Where the visitor asked to go back to while details would be lost ('Leave this rental?'). */
  leaving: 'detail_page' | 'find_reservation' | null = null;
  readonly lookup: ReservationLookup;

  readonly holds: Holds;
  private readonly identity: IdentityClient;
  private readonly logFailure: LogFailure;

  constructor(readonly root: RootStore) {
    this.logFailure = failureLogger(root.api, 'Rental', () => this.section);
    this.holds = new Holds(root.api, this.logFailure);
    this.identity = new IdentityClient(
      root.api,
      () => ({ ownerId: root.config.ownerId, facilityId: root.config.facilityId, traceId: root.session.traceId }),
      this.logFailure,
    );
    this.lookup = new ReservationLookup(root.api, this.logFailure);
    makeAutoObservable<this, 'identity' | 'logFailure'>(
      this,
      { root: false, lookup: false, holds: false, identity: false, logFailure: false },
      { autoBind: true },
    );
  }

  get reservationMode(): boolean {
    return this.flow.reservationMode;
  }

  get facilityId(): string | null {
    return this.root.config.facilityId;
  }

  get settings(): FacilitySettings | null {
    return this.root.config.facility;
  }

  /**
   * The visitor found their reservation and has come to move in: the full rental steps, with the
   * reservation's move-in date and details, and reserving again is not offered.
   */
  get movingIn(): boolean {
    return this.pick.reservation !== null;
  }

  /** Sections of the active list (rental or reservation). */
  get sections(): readonly SectionName[] {
    return this.flow.reservationMode ? this.flow.reservation : this.flow.normal;
  }

  /** The move-in date as the side panel shows it: the reservation's date, else today (MM/DD/YYYY). */
  get moveInDate(): string {
    if (this.model.reservation_date) return this.model.reservation_date;
    const raw = this.pick.costRaw?.move_in_date;
    if (raw) return raw;
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${pad(now.getMonth() + 1)}/${pad(now.getDate())}/${now.getFullYear()}`;
  }

  /**
   * Follow the kiosk section (RootStore.start calls this on every change): opening Select a Space
   * starts at the space list, Find my reservation at its form; leaving the rental area releases
   * the held space.
   */
  followKioskSection(section: KioskSection, previous: KioskSection): void {
    if (section === 'rent') {
      // A fresh visit to the list starts clean (a return from the flow keeps its place). Units
      // arrive with the rental screens: a store not built yet starts clean anyway.
      this.root.ifLoaded('units')?.startList();
      this.goTo('detail_page');
    } else if (section === 'find_reservation') this.goTo('find_reservation');
    // After the current action: when a session end (resetAll) is what left the area, reset()
    // has forgotten the hold by then, since the daemon releases it itself.
    else if ((RENTAL_AREA_SECTIONS as readonly string[]).includes(previous))
      queueMicrotask(() => this.leaveRentalArea());
  }

  /**
   * This store is built when the rental screens' code arrives (RootStore.start), which can be after
   * the visitor opened Find my reservation; Select a Space opens at the default section anyway.
   */
  joinKioskSection(section: KioskSection): void {
    if (section === 'find_reservation') this.goTo('find_reservation');
  }

  /**
   * Select a Space (or Find my reservation) tapped in the sidebar while already in that area: back
   * to the space list (or the reservation form), giving the pick and its hold up as leaving does.
   * A visitor who has typed details is asked first.
   */
  reopenKioskSection(section: KioskSection): void {
    if (section !== 'rent' && section !== 'find_reservation') return;
    const target = section === 'rent' ? 'detail_page' : 'find_reservation';
    if (this.section === target) return;
    if (this.hasTypedDetails) this.leaving = target;
    else this.goTo(target);
  }

  /**
   * A rental in progress (its space still held) past the identity step: from info on, the
   * visitor's details are on the screen or in the model, typed or filled in for them.
   */
  get hasTypedDetails(): boolean {
    if (!this.holds.held || !this.isFlowSection(this.section)) return false;
    return this.section !== 'rent_this_space';
  }

  /** 'Leave this rental?' answered: leave (the pick and the hold are given up) or stay. */
  confirmLeaving(leave: boolean): void {
    const target = this.leaving;
    this.leaving = null;
    if (leave && target) this.goTo(target);
  }

  /** Merge field values into the model (no navigation). */
  setFields(patch: Partial<RentalModel>): void {
    Object.assign(this.model, patch);
  }

  /**
   * Done on a section: merge the step's validated values, move to the next section of the active
   * list and apply that section's entry effects (rental §4 "Conditional sections").
   */
  done(patch: Partial<RentalModel> = {}): void {
    this.setFields(patch);
    const moved = flowNext(this.flow.current === this.section ? this.flow : flowGoTo(this.flow, this.section));
    this.enter(moved.current, moved);
  }

  /** Cancel: back one section; from the first step of the visit, back to the space list. */
  cancel(): void {
    if (!this.isFlowSection(this.section)) {
      this.goTo(this.reservationMode && this.section !== 'find_reservation' ? 'find_reservation' : 'detail_page');
      return;
    }
    const moved = back(this.flow.current === this.section ? this.flow : flowGoTo(this.flow, this.section));
    // A reservation's move-in was started from Find my reservation: its first step goes back there.
    this.goTo(moved.current === 'detail_page' && this.movingIn ? 'find_reservation' : moved.current);
  }

  goTo(section: SectionName): void {
    if (CLEARING_SECTIONS.includes(section)) {
      this.enterClearing(section);
      return;
    }
    this.enter(section, this.isFlowSection(section) ? flowGoTo(this.flow, section) : this.flow);
  }

  setReservationMode(on: boolean): void {
    this.flow = flowSetReservationMode(this.flow, on);
    if (this.isFlowSection(this.section)) this.section = this.flow.current;
  }

  setCardSwiped(swiped: boolean): void {
    this.pick.cardSwiped = swiped;
  }

  /** The dossier of this pick (the identity step creates it when the hold step could not). */
  setDossierId(id: string): void {
    this.pick.dossierId = id;
  }

  /** What this kiosk holds upstream (kept apart from the pick, so giving the pick up can release it). */
  get heldSpace(): HeldSpace | null {
    return this.holds.held;
  }

  /** Choose a promo and recompute the move-in cost with it. */
  selectPromo(promoId: string | null): void {
    this.model.promo_id = promoId;
    void this.recalculateCost();
  }

  dismissAlert(): void {
    this.alert = null;
  }

  /**
   * FIND MY RESERVATION: look the code up; a found reservation holds its space and continues as
   * the rental of that space, the move-in (a refused hold keeps the visitor on find_reservation).
   */
  async findReservation(code: string): Promise<boolean> {
    const facilityId = this.facilityId;
    if (!facilityId || this.lookup.busy) return false;
    const reservation = await this.lookup.find(facilityId, code);
    if (!reservation) return false;
    return this.chooseUnit(reservation.unit, reservation.space, { reservation });
  }

  /**
   * The hold sequence (rental §4 "Selection and hold"): store the unit, show hold_unit, release
   * any earlier hold, hold the space (or any space of the type), store and register the token,
   * read the unit's plans and its current promos (get-unit-promo), compute the move-in cost with
   * its default promo, create a dossier, then rent_this_space (info when logged in).
   * Resolves true when the visitor is in the flow; a step that finds another pick in place (the
   * visitor gave this one up meanwhile) stops there.
   */
  async chooseUnit(unit: Unit, space: Space | null = null, options: ChooseOptions = {}): Promise<boolean> {
    const facilityId = this.facilityId;
    if (!facilityId || this.pick.holding) return false;
    const origin: SectionName = this.section === 'find_reservation' ? 'find_reservation' : 'detail_page';
    const reservation = options.reservation;
    this.pick = newSpacePick(unit, space, reservation ?? null);
    // The observable copy MobX keeps, not the object handed to it.
    const pick = this.pick;
    const abandoned = () => this.pick !== pick;
    this.section = 'hold_unit';
    this.setFields({
      unit_type_id: unit.unit_id,
      space_id: space?.door_id ?? '',
      unit_door_number: space?.door_number ?? '',
      promo_id: promoIdOfType(unit.promos, 'default'),
      ...(reservation ? reservationFields(reservation) : {}),
    });

    await this.holds.releaseHeld();
    const hold = await this.holds.hold(facilityId, unit, space);
    if (abandoned()) {
      if (hold.ok)
        await this.holds.release({
          facility_id: facilityId,
          space_id: hold.result.space_id,
          hold_token: hold.result.token,
        });
      return false;
    }
    if (!hold.ok) {
      const door = space?.door_number ?? '';
      runInAction(() => {
        pick.holding = false;
        this.alert = door
          ? { key: 'browse.hold.unit_not_available', values: { door_number: door } }
          : { key: 'browse.hold.unit_not_available_no_number' };
      });
      this.goTo(origin);
      return false;
    }

    const held: HeldSpace = { facility_id: facilityId, space_id: hold.result.space_id, hold_token: hold.result.token };
    runInAction(() => {
      pick.holdToken = held.hold_token;
      this.setFields({
        hold_token: held.hold_token,
        space_id: held.space_id,
        unit_door_number: hold.result.door_number || this.model.unit_door_number,
      });
      pick.space = space ?? spaceFromHold(hold.result, unit, this.root.units.spaces);
    });
    await this.holds.keep(held);

    const [plans, promos] = await Promise.all([
      fetchInsurancePlans(this.root.api, this.logFailure, facilityId, unit.unit_id),
      fetchUnitPromos(this.root.api, this.logFailure, facilityId, unit),
    ]);
    if (abandoned()) return false;
    runInAction(() => {
      pick.insurancePlans = plans;
      this.model.promo_id = promoIdOfType(promos, 'default');
      this.flow = createFlowState(this.flowContext(unit, promos), {
        loggedIn: this.root.account.loggedIn,
      });
    });

    const costed = await this.recalculateCost();
    if (abandoned()) return false;
    if (!costed) {
      runInAction(() => (pick.holding = false));
      return false;
    }

    const dossierId = await this.identity.createDossier();
    if (dossierId && !abandoned()) runInAction(() => (pick.dossierId = dossierId));
    if (options.fromSearch) await delay(HOLD.searchPickDelayMs);
    if (abandoned()) return false;
    runInAction(() => {
      pick.holding = false;
      this.enter(this.flow.start, flowGoTo(this.flow, this.flow.start));
    });
    return true;
  }

  /**
   * The move-in cost for the chosen unit and the current choices (rental §4 "Cost calculation"):
   * a newer call cancels the one in flight; a failure is retried once; a second failure shows
   * 'Sorry! We are unable to calculate move in cost ...' and goes back to the space list.
   * Resolves true with the cost loaded, false when it failed or was superseded.
   */
  async recalculateCost(): Promise<boolean> {
    const pick = this.pick;
    const unit = pick.unit;
    const facilityId = this.facilityId;
    if (!unit || !facilityId) return false;
    pick.costLoading = true;
    const answer = await fetchMoveInCost(
      this.root.api,
      this.logFailure,
      { facilityId, unitId: unit.unit_id, model: this.model },
      () => this.pick === pick,
    );
    // Cancelled: a newer calculation owns costLoading now, or the pick was given up.
    if (answer.state === 'cancelled') return false;
    if (answer.state === 'ok') {
      const { result } = answer;
      runInAction(() => {
        pick.costLines = result.costs;
        pick.costRaw = result.gds_raw ?? null;
        this.model.total_amount = totalAmount(result.costs);
        pick.costLoading = false;
      });
      return true;
    }
    runInAction(() => {
      pick.costLoading = false;
      pick.costLines = [];
      pick.holding = false;
      this.alert = { key: 'browse.hold.move_in_cost_failed' };
    });
    this.goTo('detail_page');
    return false;
  }

  /** Leaving the rental area: release the held space and start over at the space list next time. */
  leaveRentalArea(): void {
    this.leaving = null;
    this.clearPick();
    this.section = DEFAULT_RENTAL_SECTION;
  }

  /**
   * The rental or reservation went through: the space is the visitor's now (rental/holds.ts
   * Holds.settle: the daemon forgets the hold, nothing hands it back).
   */
  settleHeldSpace(): Promise<void> {
    return this.holds.settle();
  }

  /** The session ended: nothing of the visit stays (the daemon releases the hold itself). */
  reset(): void {
    this.holds.forget();
    this.startOver();
    this.section = DEFAULT_RENTAL_SECTION;
    this.alert = null;
    this.leaving = null;
    this.lookup.reset();
  }

  /** Entering detail_page or find_reservation: give the hold back and forget the pick and the search. */
  private clearPick(): void {
    void this.holds.releaseHeld();
    this.startOver();
    this.root.ifLoaded('units')?.clearSearch();
  }

  /** What giving the pick up forgets, however it is given up (models/space-pick.ts says what stays). */
  private startOver(): void {
    this.pick = emptySpacePick();
    this.model = emptyRentalModel();
    this.flow = initialFlow();
    this.lookup.clearErrors();
  }

  /** Entering a clearing section: drop the pick; the space list re-reads live availability. */
  private enterClearing(section: SectionName): void {
    this.clearPick();
    this.section = section;
    // Not loaded yet (a tap before the rental screens' code is here): the list loads when shown.
    if (section === 'detail_page') void this.root.ifLoaded('units')?.refreshLive();
  }

  private isFlowSection(section: SectionName): boolean {
    return CANONICAL_ORDER.includes(section);
  }

  /** Show `section` with `flow` moved there, applying its entry effects to the model. */
  private enter(section: SectionName, flow: FlowState): void {
    this.flow = flow;
    const settings = this.settings;
    if (settings && this.isFlowSection(section)) {
      Object.assign(this.model, entryEffects(section, this.model, settings, { cardSwiped: this.pick.cardSwiped }));
    }
    this.section = section;
  }

  private flowContext(unit: Unit, promos: Promo[]): FlowContext {
    const settings = this.settings;
    return {
      settings: {
        enable_storing_vehicle: settings?.enable_storing_vehicle ?? false,
        enable_parking_type_fields: settings?.enable_parking_type_fields ?? false,
      },
      unit: { parking: unit.parking, promos },
      insurancePlans: this.pick.insurancePlans,
    };
  }

  // -- answers that change the flow and the promo (rental §4 "Conditional sections") -------------

  /**
   * 'Are you active military?' Yes inserts military_info after the current section, drops
   * discounts (and a senior/student choice) and selects the military promo; No takes
   * military_info out, brings discounts back when the unit has such promos and goes back to the
   * default promo. Either way the move-in cost is recalculated.
   */
  setMilitary(active: boolean): void {
    this.model.active_military = active;
    if (this.flow.militaryActive === active) return;
    const change = flowSetMilitary(this.flow, active);
    this.flow = change.state;
    if (active) {
      this.model.senior = false;
      this.model.student = false;
    }
    this.selectPromoIfChanged(change.promoId);
  }

  /** Senior, Student or None on discounts: the flags exclude each other; the promo follows. */
  selectDiscount(kind: DiscountChoice): void {
    const selection = chooseDiscount(kind, this.flow.promos);
    this.model.senior = selection.senior;
    this.model.student = selection.student;
    this.selectPromoIfChanged(selection.promoId);
  }

  /** 'Business Rental?' on info: Yes puts business_info right after info, No takes it out. */
  setBusinessRental(yes: boolean): void {
    this.model.business_contact_needed = yes;
    this.flow = flowSetBusinessRental(this.flow, yes);
  }

  private selectPromoIfChanged(promoId: string | null): void {
    if (this.model.promo_id === promoId && this.pick.costLines.length > 0) return;
    this.selectPromo(promoId);
  }
}

/** The reservation's tenant and move-in date, carried into the rental of its space. */
function reservationFields(reservation: Reservation): Partial<RentalModel> {
  return {
    reservation_id: reservation.reservation_id,
    reservation_code: reservation.reservation_code,
    reservation_date: reservation.reservation_date,
    tenant_first_name: reservation.tenant_first_name,
    tenant_last_name: reservation.tenant_last_name,
    tenant_email: reservation.tenant_email,
    tenant_phone: reservation.tenant_phone,
  };
}
