import type { FacilitySettings } from '@kiosk/shared-types';
import { makeAutoObservable } from 'mobx';
import {
  back,
  createFlowState,
  entryEffects,
  goTo as flowGoTo,
  next as flowNext,
  setBusinessRental as flowSetBusinessRental,
  setReservationMode as flowSetReservationMode,
  type FlowState,
} from './flow/flow';
import type { KioskSection } from '@kiosk/shared-types';
import { CANONICAL_ORDER, DEFAULT_SECTION, type SectionName } from './flow/sections';
import { RENTAL_AREA_SECTIONS } from '../../sections/sidebar';
import { emptyRentalModel, type RentalModel } from '../../models/rental-model';
import { emptySpacePick, type SpacePick } from '../../models/space-pick';
import { failureLogger } from '../../shared/failure-log';
import { Holds, type HeldSpace } from './Holds';
import { MoveInCost } from './MoveInCost';
import { PromoChoice } from './PromoChoice';
import { ReservationLookup } from '../reservation/ReservationLookup';
import { SpaceSelection } from './SpaceSelection';
import type { RootStore } from '../../stores/RootStore';

export type { HeldSpace } from './Holds';

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

/**
 * The rental and reservation flow (rental spec §2-§4): the active rental section, the flow lists
 * (rental or reservation), the rental model and the visitor's pick (SpacePick: unit, space, hold
 * token, insurance plans, move-in cost, dossier). Screens call `done(patch)` / `cancel()` /
 * `goTo(section)`. Its parts: `selection` (choosing a space or a found reservation, and the hold
 * sequence), `cost` (the move-in cost), `promo` (the promo and discount answers), `holds` (what is
 * held upstream) and `lookup` (FIND MY RESERVATION).
 *
 * Holds: a space stays held while the visitor is in the flow. Returning to the space list
 * (detail_page, e.g. CHANGE or Cancel on the first step) or to find_reservation gives it up, and
 * so does leaving the rental area; the hold step also releases any earlier hold it still knows of
 * before holding the next space (rental/Holds.ts).
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
  readonly selection: SpaceSelection;
  readonly cost: MoveInCost;
  readonly promo: PromoChoice;

  constructor(readonly root: RootStore) {
    const logFailure = failureLogger(root.api, 'Rental', () => this.section);
    this.holds = new Holds(root.api, logFailure);
    this.lookup = new ReservationLookup(root.api, logFailure);
    this.selection = new SpaceSelection(this, logFailure);
    this.cost = new MoveInCost(this, logFailure);
    this.promo = new PromoChoice(this);
    makeAutoObservable(
      this,
      { root: false, lookup: false, holds: false, selection: false, cost: false, promo: false },
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

  /** 'Business Rental?' on info: Yes puts business_info right after info, No takes it out. */
  setBusinessRental(yes: boolean): void {
    this.model.business_contact_needed = yes;
    this.flow = flowSetBusinessRental(this.flow, yes);
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

  dismissAlert(): void {
    this.alert = null;
  }

  /** Leaving the rental area: release the held space and start over at the space list next time. */
  leaveRentalArea(): void {
    this.leaving = null;
    this.clearPick();
    this.section = DEFAULT_RENTAL_SECTION;
  }

  /**
   * The rental or reservation went through: the space is the visitor's now (rental/Holds.ts
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
    this.root.ifLoaded('units')?.spaceSearch.clear();
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
}
