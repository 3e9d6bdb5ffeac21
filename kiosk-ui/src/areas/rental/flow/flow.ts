import { CARD_FAILURE_CODES, type CardFailureCode, type FacilitySettings, type Unit } from '@kiosk/shared-types';
import { hasDiscountPromos, promoIdOfType, type PromoLike } from './promos';
import {
  AFTER_SUCCESS_SECTIONS,
  CANONICAL_ORDER,
  CONFIRM_AREA_TITLES,
  DEFAULT_SECTION,
  NORMAL_RENTAL_ORDER,
  RESERVATION_ORDER,
  type SectionName,
} from './sections';

/** An insurance plan as far as the flow cares: does it count for the unit. */
export interface InsurancePlanLike {
  enabled?: boolean | number | null;
}

/** What decides the section lists: facility settings, the chosen unit, its plans and promos, answers. */
export interface FlowContext {
  settings: Pick<FacilitySettings, 'enable_storing_vehicle' | 'enable_parking_type_fields'>;
  unit: Pick<Unit, 'parking'> & { promos: readonly PromoLike[] };
  /** Insurance plans for the unit (facility-insurances). */
  insurancePlans: readonly InsurancePlanLike[];
  /** Promos for the unit; defaults to unit.promos. */
  promos?: readonly PromoLike[];
  reservationMode?: boolean;
  militaryActive?: boolean;
  businessRental?: boolean;
}

/** Where the visitor is in the rental area, and the two lists it moves through. */
export interface FlowState {
  readonly normal: readonly SectionName[];
  readonly reservation: readonly SectionName[];
  readonly reservationMode: boolean;
  readonly current: SectionName;
  /** The first section this visit started at (rent_this_space, or info when logged in). */
  readonly start: SectionName;
  readonly militaryActive: boolean;
  readonly businessRental: boolean;
  readonly promos: readonly PromoLike[];
}

const rank = (section: SectionName): number => CANONICAL_ORDER.indexOf(section);

/** Puts a section back at its canonical place; a section already present stays where it is. */
function insertCanonical(list: readonly SectionName[], section: SectionName): SectionName[] {
  if (list.includes(section)) return [...list];
  const at = list.findIndex((other) => rank(other) > rank(section));
  return at < 0 ? [...list, section] : [...list.slice(0, at), section, ...list.slice(at)];
}

function insertAfter(list: readonly SectionName[], anchor: SectionName, section: SectionName): SectionName[] {
  if (list.includes(section)) return [...list];
  const at = list.indexOf(anchor);
  if (at < 0) return insertCanonical(list, section);
  return [...list.slice(0, at + 1), section, ...list.slice(at + 1)];
}

function without(list: readonly SectionName[], section: SectionName): SectionName[] {
  return list.filter((other) => other !== section);
}

function promosOf(ctx: FlowContext): readonly PromoLike[] {
  return ctx.promos ?? ctx.unit.promos;
}

/** vehicle_storage stays when the facility enables vehicle storing; for parking units, parking type fields. */
export function keepsVehicleStorage(ctx: Pick<FlowContext, 'settings' | 'unit'>): boolean {
  return ctx.unit.parking ? ctx.settings.enable_parking_type_fields : ctx.settings.enable_storing_vehicle;
}

function isEnabledPlan(plan: InsurancePlanLike): boolean {
  return plan.enabled === undefined || plan.enabled === null || Boolean(plan.enabled);
}

/** The normal rental list with every conditional rule applied. */
export function buildNormalList(ctx: FlowContext): SectionName[] {
  let list: SectionName[] = [...NORMAL_RENTAL_ORDER];
  if (!keepsVehicleStorage(ctx)) list = without(list, 'vehicle_storage');
  if (!ctx.insurancePlans.some(isEnabledPlan)) list = without(list, 'content_insurance');
  if (ctx.businessRental) list = insertCanonical(list, 'business_info');
  if (ctx.militaryActive) list = insertCanonical(list, 'military_info');
  else if (hasDiscountPromos(promosOf(ctx))) list = insertCanonical(list, 'discounts');
  return list;
}

/** The reservation list. The spec gives no conditional sections for it, so it has none. */
export function buildReservationList(_ctx: FlowContext): SectionName[] {
  return [...RESERVATION_ORDER];
}

/** The list in use for this context (reservation mode picks the shorter list). */
export function buildSectionList(ctx: FlowContext): SectionName[] {
  return ctx.reservationMode ? buildReservationList(ctx) : buildNormalList(ctx);
}

/** Logged in: straight to info (details and earlier ID verification are loaded); else verify ID. */
export function startSection(loggedIn: boolean): SectionName {
  return loggedIn ? 'info' : 'rent_this_space';
}

export function createFlowState(ctx: FlowContext, options: { loggedIn: boolean }): FlowState {
  const start = startSection(options.loggedIn);
  return {
    normal: buildNormalList(ctx),
    reservation: buildReservationList(ctx),
    reservationMode: Boolean(ctx.reservationMode),
    current: start,
    start,
    militaryActive: Boolean(ctx.militaryActive),
    businessRental: Boolean(ctx.businessRental),
    promos: promosOf(ctx),
  };
}

export function activeSections(state: FlowState): readonly SectionName[] {
  return state.reservationMode ? state.reservation : state.normal;
}

/** Position of the current section in the active list (-1 when outside it). */
export function stepIndex(state: FlowState): number {
  return activeSections(state).indexOf(state.current);
}

/**
 * Sections the processing runs on and the confirmation area: the visitor acts on none of them, so
 * they are not counted as steps.
 */
const NOT_A_STEP: readonly SectionName[] = ['process_rental', 'confirm_rental', ...AFTER_SUCCESS_SECTIONS];

/**
 * The steps the visitor walks, in order: the active list from where this visit started (info
 * for a logged-in visitor, who never sees rent_this_space) up to the processing; the card's
 * details are part of the swipe step (the same payment, typed instead of swiped).
 */
export function visitorSteps(state: FlowState): SectionName[] {
  const list = activeSections(state);
  const from = Math.max(0, list.indexOf(state.start));
  return list
    .slice(from)
    .filter((section) => !NOT_A_STEP.includes(section) && !(section === 'card_details' && list.includes('swipe_scan')));
}

/** 'Step N of M' for `section`: its place among the visitor's steps, null when it is not one. */
export function stepPosition(state: FlowState, section: SectionName): { step: number; total: number } | null {
  const steps = visitorSteps(state);
  // Swiping a card and typing it are one payment step: picking manual entry keeps the counter.
  const at = steps.indexOf(section === 'card_details' && !steps.includes(section) ? 'swipe_scan' : section);
  return at < 0 ? null : { step: at + 1, total: steps.length };
}

/** The section after the current one, or null at the end of the list. */
export function nextSection(state: FlowState): SectionName | null {
  const list = activeSections(state);
  const at = list.indexOf(state.current);
  if (at >= 0) return list[at + 1] ?? null;
  // The current section was just removed (e.g. military switched off): continue from its place.
  if (rank(state.current) < 0) return null;
  return list.find((section) => rank(section) > rank(state.current)) ?? null;
}

/** The section before the current one; from the first section, back to the space list. */
export function previousSection(state: FlowState): SectionName {
  const list = activeSections(state);
  const at = list.indexOf(state.current);
  if (state.current === state.start || at === 0) return DEFAULT_SECTION;
  if (at > 0) return list[at - 1] ?? DEFAULT_SECTION;
  if (rank(state.current) < 0) return state.current;
  return [...list].reverse().find((section) => rank(section) < rank(state.current)) ?? DEFAULT_SECTION;
}

/** Done: on to the next section of the active list (stays put at the end). */
export function next(state: FlowState): FlowState {
  const section = nextSection(state);
  return section ? { ...state, current: section } : state;
}

/** Cancel goes back one section. */
export function back(state: FlowState): FlowState {
  return { ...state, current: previousSection(state) };
}

export function goTo(state: FlowState, section: SectionName): FlowState {
  return { ...state, current: section };
}

/**
 * Switches between the normal and reservation lists. The visitor stays on the same section
 * when the other list has it (info, where the choice is offered), else on the nearest section
 * before it in the other list.
 */
export function setReservationMode(state: FlowState, reservationMode: boolean): FlowState {
  if (state.reservationMode === reservationMode) return state;
  const switched = { ...state, reservationMode };
  const list = activeSections(switched);
  if (list.includes(state.current) || rank(state.current) < 0) return switched;
  const before = [...list].reverse().find((section) => rank(section) < rank(state.current));
  return { ...switched, current: before ?? list[0] ?? state.current };
}

export function toggleReservationMode(state: FlowState): FlowState {
  return setReservationMode(state, !state.reservationMode);
}

export interface MilitaryChange {
  state: FlowState;
  /** Promo to select (and recalculate the cost with); null clears it. */
  promoId: string | null;
}

/**
 * Enabling active_military selects the military promo, removes discounts and inserts
 * military_info after the current section. Disabling removes military_info, re-inserts discounts
 * when senior or student promos exist and goes back to the default promo (if any).
 */
export function setMilitary(state: FlowState, active: boolean): MilitaryChange {
  if (active) {
    const normal = insertAfter(without(state.normal, 'discounts'), state.current, 'military_info');
    return { state: { ...state, normal, militaryActive: true }, promoId: promoIdOfType(state.promos, 'military') };
  }
  let normal = without(state.normal, 'military_info');
  if (hasDiscountPromos(state.promos)) normal = insertCanonical(normal, 'discounts');
  return { state: { ...state, normal, militaryActive: false }, promoId: promoIdOfType(state.promos, 'default') };
}

/** Answering 'Business Rental?' Yes on info puts business_info right after info; No takes it out. */
export function setBusinessRental(state: FlowState, businessRental: boolean): FlowState {
  const normal = businessRental
    ? insertAfter(state.normal, 'info', 'business_info')
    : without(state.normal, 'business_info');
  return { ...state, normal, businessRental };
}

/** The model fields that entering a section can change. */
export interface EntryModel {
  tenant_first_name: string;
  tenant_last_name: string;
  no_secondary_contact: boolean;
  auto_debit: boolean;
  name_on_card: string;
}

export type EntrySettings = Pick<FacilitySettings, 'autopay_required' | 'autopay_always_required'> & {
  frontend_conf: Pick<FacilitySettings['frontend_conf'], 'secondary_contact_required'>;
};

/** Model changes made on entering a section (rental §4 Conditional sections). */
export function entryEffects(
  section: SectionName,
  model: Pick<EntryModel, 'tenant_first_name' | 'tenant_last_name'>,
  settings: EntrySettings,
  flags: { cardSwiped?: boolean } = {},
): Partial<EntryModel> {
  switch (section) {
    case 'secondary_contact':
      return settings.frontend_conf.secondary_contact_required ? { no_secondary_contact: false } : {};
    case 'about_convenience':
      return settings.autopay_required || settings.autopay_always_required ? { auto_debit: true } : {};
    case 'card_details':
      return flags.cardSwiped
        ? {}
        : { name_on_card: `${model.tenant_first_name ?? ''} ${model.tenant_last_name ?? ''}`.trim() };
    default:
      return {};
  }
}

export interface AfterSuccessContext {
  /** The facility uses keyless (smart) access. */
  noke: boolean;
  /** A reservation went through (not a rental). */
  reservation?: boolean;
  /** The processing result carried an access PIN. */
  pinReturned: boolean;
  /** The server flagged the visitor as a new user. */
  newUser: boolean;
}

/**
 * A rental at a keyless-access facility is confirmed by the spec's smart-access variant ('Almost
 * Done!', 'Simply choose a password to access your online account.'): the online account is how
 * the tenant opens the space, so every tenant, new or existing, chooses its password there.
 */
export function isSmartAccessConfirm(ctx: Pick<AfterSuccessContext, 'noke' | 'reservation'>): boolean {
  return ctx.noke && !ctx.reservation;
}

/**
 * Sections after confirm_rental once processing succeeded: the online account for new users
 * (unless the confirmation itself asks for the password, smart access), then for keyless
 * facilities setup_noke (when a PIN came back) and noke_confirm.
 */
export function afterSuccessSections(ctx: AfterSuccessContext): SectionName[] {
  const sections: SectionName[] = [];
  if (ctx.newUser && !isSmartAccessConfirm(ctx)) sections.push('create_online_account');
  if (ctx.noke && ctx.pinReturned) sections.push('setup_noke');
  if (ctx.noke) sections.push('noke_confirm');
  return sections;
}

export function applyAfterSuccess(state: FlowState, ctx: AfterSuccessContext): FlowState {
  const add = (list: readonly SectionName[]) => afterSuccessSections(ctx).reduce(insertCanonical, [...list]);
  return state.reservationMode
    ? { ...state, reservation: add(state.reservation) }
    : { ...state, normal: add(state.normal) };
}

/**
 * Title of the finalising area's Done button: 'Retry Payment' after a processing error, else
 * what comes next ('Create Your Online Account', 'Setup Access Control') or 'Finish'.
 */
export function confirmAreaTitle(state: FlowState, options: { processingError: boolean }): string {
  if (options.processingError) return CONFIRM_AREA_TITLES.retryPayment;
  const upcoming = nextSection(state);
  if (upcoming === 'create_online_account') return CONFIRM_AREA_TITLES.createOnlineAccount;
  if (upcoming === 'setup_noke' || upcoming === 'noke_confirm') return CONFIRM_AREA_TITLES.setupAccessControl;
  return CONFIRM_AREA_TITLES.finish;
}

export function isCardFailure(code: string | null | undefined): code is CardFailureCode {
  return typeof code === 'string' && (CARD_FAILURE_CODES as readonly string[]).includes(code);
}

/** How many times a failed rental is retried when the failure is not the card's. */
export const RENTAL_RETRIES = 1;

export type RetryOutcome = 'new_card' | 'retry' | 'give_up';

/**
 * Done on the processing-error page ('Retry Payment'): a card failure goes back to card_details
 * (the caller clears card data and agreements); any other error is retried once, then given up
 * (the error page stays and the failure mail is sent).
 */
export function retryAfterError(
  state: FlowState,
  code: string | null | undefined,
  retriesDone: number,
): { state: FlowState; outcome: RetryOutcome } {
  if (isCardFailure(code)) return { state: goTo(state, 'card_details'), outcome: 'new_card' };
  return { state, outcome: retriesDone < RENTAL_RETRIES ? 'retry' : 'give_up' };
}
