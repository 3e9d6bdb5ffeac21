import {
  HOLD,
  type AppResponse,
  type CostLine,
  type FacilitySettings,
  type GdsRawCost,
  type HoldResult,
  type InsurancePlan,
  type RentalCostResult,
  type Reservation,
  type Space,
  type Unit,
} from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import { isCancelled } from '../api/errors';
import { totalAmount } from '../browse/cost-lines';
import {
  back,
  createFlowState,
  entryEffects,
  goTo as flowGoTo,
  next as flowNext,
  setReservationMode as flowSetReservationMode,
  type FlowContext,
  type FlowState,
} from '../flow/flow';
import type { KioskSection } from '../flow/kiosk-sections';
import { RENTAL_AREA_SECTIONS } from '../flow/sidebar';
import { promoIdOfType } from '../flow/promos';
import { CANONICAL_ORDER, DEFAULT_SECTION, type SectionName } from '../flow/sections';
import { emptyRentalModel, type RentalModel } from './rental-model';
import type { RootStore } from './RootStore';
// Rental part 1 (H): the conditional answers below.
import { setBusinessRental as flowSetBusinessRental, setMilitary as flowSetMilitary } from '../flow/flow';
import { chooseDiscount, type DiscountChoice } from '../flow/promos';

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

/** A space this kiosk holds upstream (and registered with the daemon). */
export interface HeldSpace {
  facility_id: string;
  space_id: string;
  hold_token: string;
}

export interface ChooseOptions {
  /** Picked from the space-number search: rent_this_space comes after HOLD.searchPickDelayMs. */
  fromSearch?: boolean;
  /** A reservation found by code: the flow continues in reservation mode. */
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
 * (rental or reservation), the rental model, the chosen unit and space, the hold, and the move-in
 * cost. Screens call `done(patch)` / `cancel()` / `goTo(section)`; the hold sequence is
 * `chooseUnit(unit, space)`.
 *
 * Holds: a space stays held while the visitor is in the flow. Returning to the space list
 * (detail_page, e.g. CHANGE or Cancel on the first step) or to find_reservation gives it up, and
 * so does leaving the rental area; the hold step also releases any earlier hold it still knows of
 * before holding the next space. Each release is upstream (release-space) plus the daemon's hold
 * registry (DELETE /session/holds/:spaceId, which also calls release-space when the session ends).
 */
export class RentalStore {
  section: SectionName = DEFAULT_RENTAL_SECTION;
  model: RentalModel = emptyRentalModel();
  flow: FlowState = initialFlow();
  /** The chosen space type. */
  unit: Unit | null = null;
  /** The chosen (then held) space; for a space-type hold, the space the hold picked. */
  space: Space | null = null;
  holdToken: string | null = null;
  /** What this kiosk holds upstream, kept apart from `space` so clearing the pick can still release it. */
  heldSpace: HeldSpace | null = null;
  /** Insurance plans for the chosen unit (they decide content_insurance). */
  insurancePlans: InsurancePlan[] = [];
  costLines: CostLine[] = [];
  costRaw: GdsRawCost | null = null;
  costLoading = false;
  /** The dossier created after the hold (null when its creation failed: logged and ignored). */
  dossierId: string | null = null;
  /** The hold sequence is running (hold_unit). */
  holding = false;
  /** A card was swiped (card_details keeps the swiped name instead of first + last). */
  cardSwiped = false;
  alert: RentalAlert | null = null;
  /** Find reservation: the server's messages, __all__ first (rental §8). */
  reservationErrors: string[] = [];
  reservationFieldErrors: Record<string, string[]> = {};
  reservationLookupBusy = false;

  /** Bumped whenever a pick is abandoned, so a late answer of an older hold sequence is ignored. */
  private pickGeneration = 0;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'pickGeneration'>(this, { root: false, pickGeneration: false }, { autoBind: true });
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

  /** Sections of the active list (rental or reservation). */
  get sections(): readonly SectionName[] {
    return this.flow.reservationMode ? this.flow.reservation : this.flow.normal;
  }

  /** The move-in date as the side panel shows it: the reservation's date, else today (MM/DD/YYYY). */
  get moveInDate(): string {
    if (this.model.reservation_date) return this.model.reservation_date;
    const raw = this.costRaw?.move_in_date;
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
      // A fresh visit to the list starts at its top (a return from the flow keeps its place).
      // Units arrive with the rental screens: a store not built yet starts at the top anyway.
      this.root.ifLoaded('units')?.saveListScroll(0);
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
    this.goTo(moved.current);
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
    this.cardSwiped = swiped;
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
   * FIND MY RESERVATION: look the code up; a found reservation holds its space and continues the
   * flow in reservation mode (a refused hold keeps the visitor on find_reservation).
   */
  async findReservation(code: string): Promise<boolean> {
    const facilityId = this.facilityId;
    if (!facilityId || this.reservationLookupBusy) return false;
    this.reservationLookupBusy = true;
    this.reservationErrors = [];
    this.reservationFieldErrors = {};
    let reservation: Reservation | null = null;
    try {
      const response = await this.root.api.call<Reservation>(
        'findReservation',
        { facility: facilityId },
        { query: { reservation_code: code.trim(), facility_id: facilityId } },
      );
      if (response.status === 'ok' && response.result) reservation = response.result;
      else if (response.status === 'error') {
        // __all__ first, above the form; a field's own message shows under that field (only the
        // reservation code is a field here, so any other field's message joins the list).
        const { __all__: all = [], ...fields } = response.errors ?? {};
        const others = Object.entries(fields)
          .filter(([field]) => field !== 'reservation_code')
          .flatMap(([, list]) => list ?? []);
        const messages = [...all, ...others];
        if (!messages.length && !fields.reservation_code?.length && response.message) messages.push(response.message);
        runInAction(() => {
          this.reservationErrors = [...new Set(messages)];
          this.reservationFieldErrors = fields as Record<string, string[]>;
        });
      }
    } catch (error) {
      this.logFailure('find reservation', error);
      runInAction(() => {
        this.reservationErrors = [error instanceof Error ? error.message : String(error)];
      });
    }
    runInAction(() => {
      this.reservationLookupBusy = false;
    });
    if (!reservation) return false;
    return this.chooseUnit(reservation.unit, reservation.space, { reservation });
  }

  /**
   * The hold sequence (rental §4 "Selection and hold"): store the unit, show hold_unit, release
   * any earlier hold, hold the space (or any space of the type), store and register the token,
   * compute the move-in cost, create a dossier, then rent_this_space (info when logged in).
   * Resolves true when the visitor is in the flow.
   */
  async chooseUnit(unit: Unit, space: Space | null = null, options: ChooseOptions = {}): Promise<boolean> {
    const facilityId = this.facilityId;
    if (!facilityId || this.holding) return false;
    const origin: SectionName = this.section === 'find_reservation' ? 'find_reservation' : 'detail_page';
    const generation = ++this.pickGeneration;
    const reservation = options.reservation;

    this.unit = unit;
    this.space = space;
    this.costLines = [];
    this.costRaw = null;
    this.holding = true;
    this.section = 'hold_unit';
    this.setFields({
      unit_type_id: unit.unit_id,
      space_id: space?.door_id ?? '',
      unit_door_number: space?.door_number ?? '',
      promo_id: promoIdOfType(unit.promos, 'default'),
      ...(reservation
        ? {
            reservation_id: reservation.reservation_id,
            reservation_code: reservation.reservation_code,
            reservation_date: reservation.reservation_date,
            tenant_first_name: reservation.tenant_first_name,
            tenant_last_name: reservation.tenant_last_name,
            tenant_email: reservation.tenant_email,
            tenant_phone: reservation.tenant_phone,
          }
        : {}),
    });

    await this.releaseHeld();
    const hold = await this.hold(facilityId, unit, space);
    if (generation !== this.pickGeneration) {
      if (hold.ok)
        await this.releaseHold({
          facility_id: facilityId,
          space_id: hold.result.space_id,
          hold_token: hold.result.token,
        });
      return false;
    }
    if (!hold.ok) {
      const door = space?.door_number ?? '';
      runInAction(() => {
        this.holding = false;
        this.alert = door
          ? { key: 'browse.hold.unit_not_available', values: { door_number: door } }
          : { key: 'browse.hold.unit_not_available_no_number' };
      });
      this.goTo(origin);
      return false;
    }

    const held: HeldSpace = { facility_id: facilityId, space_id: hold.result.space_id, hold_token: hold.result.token };
    runInAction(() => {
      this.heldSpace = held;
      this.holdToken = held.hold_token;
      this.setFields({
        hold_token: held.hold_token,
        space_id: held.space_id,
        unit_door_number: hold.result.door_number || this.model.unit_door_number,
      });
      this.space = space ?? this.spaceFromHold(hold.result, unit);
    });
    await this.root.api.registerHold(held).catch((error: unknown) => this.logFailure('register hold', error));

    this.insurancePlans = await this.loadInsurancePlans(facilityId, unit);
    if (generation !== this.pickGeneration) return false;
    runInAction(() => {
      this.flow = createFlowState(this.flowContext(unit, Boolean(reservation)), {
        loggedIn: this.root.account.loggedIn,
      });
    });

    const costed = await this.recalculateCost();
    if (generation !== this.pickGeneration) return false;
    if (!costed) {
      runInAction(() => {
        this.holding = false;
      });
      return false;
    }

    await this.createDossier(facilityId);
    if (options.fromSearch) await delay(HOLD.searchPickDelayMs);
    if (generation !== this.pickGeneration) return false;
    runInAction(() => {
      this.holding = false;
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
    const unit = this.unit;
    const facilityId = this.facilityId;
    if (!unit || !facilityId) return false;
    this.costLoading = true;
    const m = this.model;
    const query = {
      available_unit_id: m.space_id,
      promo_id: m.promo_id ?? '',
      insurance_id: m.insurance_id ?? '',
      hold_token: m.hold_token,
      merchandise_item: m.item_id ?? '',
      res_id: m.reservation_id,
      facility_id: facilityId,
    };
    for (let attempt = 0; attempt < 2; attempt++) {
      let response: AppResponse<RentalCostResult> | null = null;
      try {
        response = await this.root.api.call<RentalCostResult>(
          'rentalCost',
          { facility: facilityId, spaceTypeId: unit.unit_id },
          { query, latestKey: 'rental-cost' },
        );
      } catch (error) {
        if (isCancelled(error)) return false; // a newer calculation owns costLoading now
        this.logFailure('rental cost', error);
      }
      if (this.unit !== unit) return false;
      if (response?.status === 'ok' && Array.isArray(response.result?.costs)) {
        const result = response.result;
        runInAction(() => {
          this.costLines = result.costs;
          this.costRaw = result.gds_raw ?? null;
          this.model.total_amount = totalAmount(result.costs);
          this.costLoading = false;
        });
        return true;
      }
    }
    runInAction(() => {
      this.costLoading = false;
      this.costLines = [];
      this.holding = false;
      this.alert = { key: 'browse.hold.move_in_cost_failed' };
    });
    this.goTo('detail_page');
    return false;
  }

  /** Leaving the rental area: release the held space and start over at the space list next time. */
  leaveRentalArea(): void {
    this.clearPick();
    this.section = DEFAULT_RENTAL_SECTION;
  }

  reset(): void {
    this.pickGeneration++;
    this.section = DEFAULT_RENTAL_SECTION;
    this.model = emptyRentalModel();
    this.flow = initialFlow();
    this.unit = null;
    this.space = null;
    this.holdToken = null;
    // The session ended: the daemon releases every registered hold itself.
    this.heldSpace = null;
    this.insurancePlans = [];
    this.costLines = [];
    this.costRaw = null;
    this.costLoading = false;
    this.dossierId = null;
    this.holding = false;
    this.cardSwiped = false;
    this.alert = null;
    this.reservationErrors = [];
    this.reservationFieldErrors = {};
    this.reservationLookupBusy = false;
  }

  /** Entering detail_page or find_reservation: clear cost, unit, space, promo, reservation mode, search and form. */
  private clearPick(): void {
    this.pickGeneration++;
    void this.releaseHeld();
    this.model = emptyRentalModel();
    this.flow = initialFlow();
    this.unit = null;
    this.space = null;
    this.holdToken = null;
    this.insurancePlans = [];
    this.costLines = [];
    this.costRaw = null;
    this.costLoading = false;
    this.dossierId = null;
    this.holding = false;
    this.cardSwiped = false;
    this.reservationErrors = [];
    this.reservationFieldErrors = {};
    this.root.ifLoaded('units')?.clearSearch();
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
      Object.assign(this.model, entryEffects(section, this.model, settings, { cardSwiped: this.cardSwiped }));
    }
    this.section = section;
  }

  private flowContext(unit: Unit, reservationMode: boolean): FlowContext {
    const settings = this.settings;
    return {
      settings: {
        enable_storing_vehicle: settings?.enable_storing_vehicle ?? false,
        enable_parking_type_fields: settings?.enable_parking_type_fields ?? false,
      },
      unit: { parking: unit.parking, promos: unit.promos ?? [] },
      insurancePlans: this.insurancePlans,
      reservationMode,
    };
  }

  private async hold(
    facilityId: string,
    unit: Unit,
    space: Space | null,
  ): Promise<{ ok: true; result: HoldResult } | { ok: false }> {
    try {
      const response = space
        ? await this.root.api.call<HoldResult>(
            'holdSpace',
            { facility: facilityId, spaceId: space.door_id },
            { form: { facility_id: facilityId, space_id: space.door_id } },
          )
        : await this.root.api.call<HoldResult>(
            'holdSpaceType',
            { facility: facilityId, spaceTypeId: unit.unit_id },
            { form: { facility_id: facilityId } },
          );
      if (response.status === 'ok' && response.result?.token) return { ok: true, result: response.result };
      return { ok: false };
    } catch (error) {
      this.logFailure('hold', error);
      return { ok: false };
    }
  }

  /** A space-type hold names the space it picked: find it in the list, or build it from the result. */
  private spaceFromHold(result: HoldResult, unit: Unit): Space {
    const known = this.root.units.spaces.find((s) => s.door_id === result.space_id);
    if (known) return known;
    return {
      door_id: result.space_id,
      door_name: result.door_number,
      door_number: result.door_number,
      available_unit_id: result.space_id,
      space_type_id: result.space_type_id || unit.unit_id,
      unit_id: unit.unit_id,
      token: null,
      rental_rate: unit.rental_rate,
      available: false,
      status: 'held',
    };
  }

  private async loadInsurancePlans(facilityId: string, unit: Unit): Promise<InsurancePlan[]> {
    try {
      const response = await this.root.api.call<InsurancePlan[]>(
        'facilityInsurances',
        { facility: facilityId },
        { query: { space_type_id: unit.unit_id } },
      );
      return response.status === 'ok' && Array.isArray(response.result) ? response.result : [];
    } catch (error) {
      this.logFailure('insurance plans', error);
      return [];
    }
  }

  /** rental §7 Identity: POST dossiers/; a failure is logged and the flow goes on (§8). */
  private async createDossier(facilityId: string): Promise<void> {
    const owner = this.root.config.ownerId;
    if (!owner) return;
    const now = Math.floor(Date.now() / 1000);
    try {
      const response = await this.root.api.call<{ dossier_id: string }>(
        'createDossier',
        { owner, facility: facilityId },
        {
          form: {
            owner,
            facility: facilityId,
            created_time: now,
            updated_time: now,
            trace_id: this.root.session.traceId ?? '',
          },
        },
      );
      if (response.status === 'ok' && response.result?.dossier_id) {
        const id = response.result.dossier_id;
        runInAction(() => {
          this.dossierId = id;
        });
      } else {
        this.logFailure('create dossier', response);
      }
    } catch (error) {
      this.logFailure('create dossier', error);
    }
  }

  /**
   * The rental or reservation went through: the space is the visitor's now. Tell the daemon to
   * forget the hold (never release it), and forget it here, so neither the session's end nor
   * leaving the rental area hands the space back.
   */
  async settleHeldSpace(): Promise<void> {
    const held = this.heldSpace;
    if (!held) return;
    this.heldSpace = null;
    try {
      await this.root.api.settleHold(held.space_id);
    } catch (error) {
      this.logFailure('settle hold', error);
    }
  }

  private async releaseHeld(): Promise<void> {
    const held = this.heldSpace;
    if (!held) return;
    this.heldSpace = null;
    await this.releaseHold(held);
  }

  /**
   * Release through the daemon's registry (DELETE /session/holds/:spaceId calls release-space
   * upstream, and retries it); if the daemon does not know the hold (its registration failed),
   * release-space directly. Never both: a second release-space would find the hold gone.
   */
  private async releaseHold(held: HeldSpace): Promise<void> {
    const { api } = this.root;
    try {
      await api.releaseHold(held.space_id);
      return;
    } catch (error) {
      this.logFailure('unregister hold', error);
    }
    try {
      await api.call<{ released: boolean }>(
        'releaseSpace',
        { facility: held.facility_id },
        { form: { facility_id: held.facility_id, space_id: held.space_id, hold_token: held.hold_token } },
      );
    } catch (error) {
      this.logFailure('release space', error);
    }
  }

  private logFailure(action: string, detail: unknown): void {
    const message = detail instanceof Error ? detail.message : detail;
    this.root.api
      .postLog({
        event_name: `Rental ${action} failed`,
        action,
        active_section: this.section,
        log_level: 'warn',
        data: { detail: message as unknown },
      })
      .catch(() => undefined);
  }

  // -- Rental part 1 (H): answers that change the flow and the promo (rental §4 "Conditional sections")

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
    if (this.model.promo_id === promoId && this.costLines.length > 0) return;
    this.selectPromo(promoId);
  }
}
