import { describe, expect, it } from 'vitest';
import { en } from '../../../forms/messages';
import {
  activeSections,
  afterSuccessSections,
  applyAfterSuccess,
  back,
  buildSectionList,
  confirmAreaTitle,
  createFlowState,
  entryEffects,
  goTo,
  isCardFailure,
  isSmartAccessConfirm,
  next,
  retryAfterError,
  setBusinessRental,
  setMilitary,
  setReservationMode,
  startSection,
  stepIndex,
  stepPosition,
  toggleReservationMode,
  type EntrySettings,
  type FlowContext,
  type FlowState,
} from './flow';
import { NORMAL_RENTAL_ORDER, RESERVATION_ORDER } from './sections';

const promos = {
  default: { promo_id: 'p-default', promo_type: 'default' as const },
  military: { promo_id: 'p-military', promo_type: 'military' as const },
  senior: { promo_id: 'p-senior', promo_type: 'senior' as const },
  student: { promo_id: 'p-student', promo_type: 'student' as const },
  rental: { promo_id: 'p-rental', promo_type: 'rental' as const },
};

/** A facility that stores vehicles, a storage unit with one plan and only a default promo. */
function context(overrides: Partial<FlowContext> = {}): FlowContext {
  return {
    settings: { enable_storing_vehicle: true, enable_parking_type_fields: false },
    unit: { parking: false, promos: [promos.default] },
    insurancePlans: [{ enabled: true }],
    ...overrides,
  };
}

function walk(state: FlowState): string[] {
  const visited = [state.current];
  let at = state;
  for (;;) {
    const moved = next(at);
    if (moved.current === at.current) return visited;
    visited.push(moved.current);
    at = moved;
  }
}

describe('flow lists', () => {
  it('normal rental order', () => {
    expect(buildSectionList(context())).toEqual([
      'rent_this_space',
      'info',
      'secondary_contact',
      'vehicle_storage',
      'content_insurance',
      'about_convenience',
      'swipe_scan',
      'card_details',
      'panda_fields',
      'panda_agreements',
      'process_rental',
      'confirm_rental',
    ]);
    expect(buildSectionList(context())).toEqual(NORMAL_RENTAL_ORDER);
  });

  it('shorter reservation order', () => {
    expect(buildSectionList(context({ reservationMode: true }))).toEqual([
      'rent_this_space',
      'info',
      'process_rental',
      'confirm_rental',
    ]);
    expect(RESERVATION_ORDER).toEqual(['rent_this_space', 'info', 'process_rental', 'confirm_rental']);
  });

  it('the reservation list has no conditional sections', () => {
    const everything = context({
      reservationMode: true,
      unit: { parking: false, promos: [promos.senior] },
      insurancePlans: [],
      businessRental: true,
      militaryActive: true,
    });
    expect(buildSectionList(everything)).toEqual(RESERVATION_ORDER);
  });
});

describe('conditional sections', () => {
  it('removes vehicle_storage when the facility does not enable vehicle storing', () => {
    const list = buildSectionList(
      context({ settings: { enable_storing_vehicle: false, enable_parking_type_fields: true } }),
    );
    expect(list).not.toContain('vehicle_storage');
  });

  it('for parking units, removes vehicle_storage when parking type fields are off', () => {
    const parking = { parking: true, promos: [] };
    expect(
      buildSectionList(
        context({ unit: parking, settings: { enable_storing_vehicle: true, enable_parking_type_fields: false } }),
      ),
    ).not.toContain('vehicle_storage');
    expect(
      buildSectionList(
        context({ unit: parking, settings: { enable_storing_vehicle: false, enable_parking_type_fields: true } }),
      ),
    ).toContain('vehicle_storage');
  });

  it('removes content_insurance when no plans exist for the unit', () => {
    expect(buildSectionList(context({ insurancePlans: [] }))).not.toContain('content_insurance');
    expect(buildSectionList(context({ insurancePlans: [{ enabled: false }, { enabled: 0 }] }))).not.toContain(
      'content_insurance',
    );
    expect(buildSectionList(context({ insurancePlans: [{ enabled: false }, { enabled: 1 }] }))).toContain(
      'content_insurance',
    );
  });

  it('inserts discounts after vehicle_storage when a senior or student promo exists', () => {
    for (const promo of [promos.senior, promos.student]) {
      const list = buildSectionList(context({ unit: { parking: false, promos: [promos.default, promo] } }));
      expect(list.slice(2, 6)).toEqual(['secondary_contact', 'vehicle_storage', 'discounts', 'content_insurance']);
    }
  });

  it('puts discounts after secondary_contact when there is no vehicle_storage', () => {
    const list = buildSectionList(
      context({
        settings: { enable_storing_vehicle: false, enable_parking_type_fields: false },
        unit: { parking: false, promos: [promos.senior] },
      }),
    );
    expect(list.slice(2, 5)).toEqual(['secondary_contact', 'discounts', 'content_insurance']);
  });

  it('has no discounts for default, rental or military promos only', () => {
    const list = buildSectionList(
      context({ unit: { parking: false, promos: [promos.default, promos.rental, promos.military] } }),
    );
    expect(list).not.toContain('discounts');
  });

  it('takes promos from the context over the unit', () => {
    expect(buildSectionList(context({ promos: [promos.student] }))).toContain('discounts');
  });

  it('builds with military_info and without discounts when military is already active', () => {
    const list = buildSectionList(context({ militaryActive: true, unit: { parking: false, promos: [promos.senior] } }));
    expect(list.slice(2, 5)).toEqual(['secondary_contact', 'military_info', 'vehicle_storage']);
    expect(list).not.toContain('discounts');
  });
});

describe('military', () => {
  const withDiscounts = context({ unit: { parking: false, promos: [promos.default, promos.military, promos.senior] } });

  it('enabling inserts military_info after the current section, removes discounts and selects the military promo', () => {
    const state = goTo(createFlowState(withDiscounts, { loggedIn: false }), 'secondary_contact');
    const { state: after, promoId } = setMilitary(state, true);
    expect(promoId).toBe('p-military');
    expect(after.militaryActive).toBe(true);
    expect(activeSections(after).slice(2, 6)).toEqual([
      'secondary_contact',
      'military_info',
      'vehicle_storage',
      'content_insurance',
    ]);
    expect(activeSections(after)).not.toContain('discounts');
    expect(next(after).current).toBe('military_info');
  });

  it('inserts after whatever section is current', () => {
    const state = goTo(createFlowState(withDiscounts, { loggedIn: false }), 'info');
    expect(activeSections(setMilitary(state, true).state).slice(1, 3)).toEqual(['info', 'military_info']);
  });

  it('enabling twice keeps one military_info', () => {
    const state = goTo(createFlowState(withDiscounts, { loggedIn: false }), 'secondary_contact');
    const twice = setMilitary(setMilitary(state, true).state, true).state;
    expect(activeSections(twice).filter((section) => section === 'military_info')).toHaveLength(1);
  });

  it('disabling removes military_info and re-inserts discounts when non-default promos exist', () => {
    const state = goTo(createFlowState(withDiscounts, { loggedIn: false }), 'secondary_contact');
    const { state: off, promoId } = setMilitary(setMilitary(state, true).state, false);
    expect(off.militaryActive).toBe(false);
    expect(activeSections(off)).not.toContain('military_info');
    expect(activeSections(off).slice(2, 6)).toEqual([
      'secondary_contact',
      'vehicle_storage',
      'discounts',
      'content_insurance',
    ]);
    expect(promoId).toBe('p-default');
  });

  it('disabling does not add discounts when only default promos exist', () => {
    const plain = context({ unit: { parking: false, promos: [promos.military] } });
    const state = goTo(createFlowState(plain, { loggedIn: false }), 'secondary_contact');
    const { state: off, promoId } = setMilitary(setMilitary(state, true).state, false);
    expect(activeSections(off)).toEqual(NORMAL_RENTAL_ORDER);
    expect(promoId).toBeNull();
  });

  it('without a military promo nothing is selected, but military_info still shows', () => {
    const state = goTo(createFlowState(context(), { loggedIn: false }), 'secondary_contact');
    const { state: on, promoId } = setMilitary(state, true);
    expect(promoId).toBeNull();
    expect(activeSections(on)).toContain('military_info');
  });
});

describe('business_info', () => {
  it('answering Yes on info inserts business_info right after info; No removes it', () => {
    const state = goTo(createFlowState(context(), { loggedIn: false }), 'info');
    const yes = setBusinessRental(state, true);
    expect(activeSections(yes).slice(0, 4)).toEqual(['rent_this_space', 'info', 'business_info', 'secondary_contact']);
    expect(next(yes).current).toBe('business_info');
    const no = setBusinessRental(yes, false);
    expect(activeSections(no)).toEqual(NORMAL_RENTAL_ORDER);
    expect(no.businessRental).toBe(false);
  });

  it('is built in when the context says business rental', () => {
    expect(buildSectionList(context({ businessRental: true })).slice(1, 3)).toEqual(['info', 'business_info']);
  });
});

describe('navigation', () => {
  it('starts at info when logged in, else at rent_this_space', () => {
    expect(startSection(true)).toBe('info');
    expect(startSection(false)).toBe('rent_this_space');
    expect(createFlowState(context(), { loggedIn: true }).current).toBe('info');
    expect(createFlowState(context(), { loggedIn: false }).current).toBe('rent_this_space');
  });

  it('Done walks the whole active list and stops at its end', () => {
    expect(walk(createFlowState(context(), { loggedIn: false }))).toEqual(NORMAL_RENTAL_ORDER);
    expect(walk(createFlowState(context({ reservationMode: true }), { loggedIn: false }))).toEqual(RESERVATION_ORDER);
  });

  it('Cancel goes back one section', () => {
    const state = goTo(createFlowState(context(), { loggedIn: false }), 'content_insurance');
    expect(back(state).current).toBe('vehicle_storage');
    expect(back(back(state)).current).toBe('secondary_contact');
  });

  it('Cancel on the first section returns to the space list', () => {
    expect(back(createFlowState(context(), { loggedIn: false })).current).toBe('detail_page');
    expect(back(createFlowState(context(), { loggedIn: true })).current).toBe('detail_page');
  });

  it('continues from the place of a section that was just removed', () => {
    const state = goTo(createFlowState(context({ militaryActive: true }), { loggedIn: false }), 'military_info');
    const off = setMilitary(state, false).state;
    expect(off.current).toBe('military_info');
    expect(next(off).current).toBe('vehicle_storage');
    expect(back(off).current).toBe('secondary_contact');
  });

  it('gives the step index of the current section', () => {
    const state = goTo(createFlowState(context(), { loggedIn: false }), 'secondary_contact');
    expect(stepIndex(state)).toBe(2);
    expect(stepIndex(goTo(state, 'detail_page'))).toBe(-1);
  });
});

describe('reservation mode', () => {
  it('toggling switches lists and keeps the visitor on info', () => {
    const onInfo = goTo(createFlowState(context(), { loggedIn: false }), 'info');
    const reserving = toggleReservationMode(onInfo);
    expect(reserving.reservationMode).toBe(true);
    expect(reserving.current).toBe('info');
    expect(activeSections(reserving)).toEqual(RESERVATION_ORDER);
    expect(next(reserving).current).toBe('process_rental');
    const renting = toggleReservationMode(reserving);
    expect(renting.reservationMode).toBe(false);
    expect(renting.current).toBe('info');
    expect(next(renting).current).toBe('secondary_contact');
  });

  it('moves to the nearest earlier section when the other list lacks the current one', () => {
    const onCard = goTo(createFlowState(context(), { loggedIn: false }), 'card_details');
    expect(setReservationMode(onCard, true).current).toBe('info');
  });

  it('keeps answers given in the normal list across a round trip', () => {
    const state = goTo(createFlowState(context(), { loggedIn: false }), 'info');
    const business = setBusinessRental(state, true);
    const roundTrip = toggleReservationMode(toggleReservationMode(business));
    expect(activeSections(roundTrip)).toContain('business_info');
  });

  it('setting the mode it already has changes nothing', () => {
    const state = createFlowState(context(), { loggedIn: false });
    expect(setReservationMode(state, false)).toBe(state);
  });
});

describe('entry effects', () => {
  const settings: EntrySettings = {
    autopay_required: false,
    autopay_always_required: false,
    frontend_conf: { secondary_contact_required: false },
  };
  const model = { tenant_first_name: 'Mary', tenant_last_name: 'Smith' };

  it('secondary_contact forces no_secondary_contact false when a secondary contact is required', () => {
    expect(entryEffects('secondary_contact', model, settings)).toEqual({});
    expect(
      entryEffects('secondary_contact', model, { ...settings, frontend_conf: { secondary_contact_required: true } }),
    ).toEqual({ no_secondary_contact: false });
  });

  it('about_convenience sets auto_debit when autopay is required or always required', () => {
    expect(entryEffects('about_convenience', model, settings)).toEqual({});
    expect(entryEffects('about_convenience', model, { ...settings, autopay_required: true })).toEqual({
      auto_debit: true,
    });
    expect(entryEffects('about_convenience', model, { ...settings, autopay_always_required: true })).toEqual({
      auto_debit: true,
    });
  });

  it('card_details sets name_on_card to first plus last name unless a card was swiped', () => {
    expect(entryEffects('card_details', model, settings)).toEqual({ name_on_card: 'Mary Smith' });
    expect(entryEffects('card_details', model, settings, { cardSwiped: true })).toEqual({});
  });

  it('other sections change nothing', () => {
    expect(entryEffects('info', model, { ...settings, autopay_required: true })).toEqual({});
  });
});

describe('finalising', () => {
  it('adds the online account for new users only', () => {
    expect(afterSuccessSections({ noke: false, pinReturned: false, newUser: true })).toEqual(['create_online_account']);
    expect(afterSuccessSections({ noke: false, pinReturned: false, newUser: false })).toEqual([]);
  });

  it('gives keyless (noke) facilities noke_confirm, and setup_noke when a PIN is returned', () => {
    expect(afterSuccessSections({ noke: true, pinReturned: false, newUser: false })).toEqual(['noke_confirm']);
    expect(afterSuccessSections({ noke: false, pinReturned: true, newUser: false })).toEqual([]);
  });

  it('asks a smart-access tenant for the password on the confirmation itself, not on a section of its own', () => {
    expect(isSmartAccessConfirm({ noke: true })).toBe(true);
    expect(isSmartAccessConfirm({ noke: true, reservation: true })).toBe(false);
    expect(isSmartAccessConfirm({ noke: false })).toBe(false);
    expect(afterSuccessSections({ noke: true, pinReturned: true, newUser: true })).toEqual([
      'setup_noke',
      'noke_confirm',
    ]);
    // A reservation gives no access yet: a new user gets the online account as anywhere else.
    expect(afterSuccessSections({ noke: true, reservation: true, pinReturned: false, newUser: true })).toEqual([
      'create_online_account',
      'noke_confirm',
    ]);
  });

  it('appends them after confirm_rental in the active list', () => {
    const state = goTo(createFlowState(context(), { loggedIn: false }), 'confirm_rental');
    const done = applyAfterSuccess(state, { noke: true, pinReturned: true, newUser: true });
    expect(activeSections(done).slice(-3)).toEqual(['confirm_rental', 'setup_noke', 'noke_confirm']);
    const reservation = applyAfterSuccess(setReservationMode(state, true), {
      noke: false,
      pinReturned: false,
      newUser: true,
    });
    expect(activeSections(reservation)).toEqual([...RESERVATION_ORDER, 'create_online_account']);
  });

  it("titles the confirm area's button with what comes next", () => {
    const state = goTo(createFlowState(context(), { loggedIn: false }), 'confirm_rental');
    const newUser = applyAfterSuccess(state, { noke: false, pinReturned: false, newUser: true });
    expect(en(confirmAreaTitle(newUser, { processingError: false }))).toBe('Create Your Online Account');
    const smart = applyAfterSuccess(state, { noke: true, pinReturned: true, newUser: true });
    expect(en(confirmAreaTitle(smart, { processingError: false }))).toBe('Setup Access Control');
    expect(en(confirmAreaTitle(next(next(smart)), { processingError: false }))).toBe('Finish');
    expect(en(confirmAreaTitle(state, { processingError: false }))).toBe('Finish');
    expect(en(confirmAreaTitle(state, { processingError: true }))).toBe('Retry Payment');
  });
});

describe('processing errors', () => {
  it('knows the card failure codes', () => {
    for (const code of [
      'CardInvalid',
      'TenantPaymentFailed',
      'CardProcessingError',
      'CardDeclined',
      'CardDeclinedNSF',
    ]) {
      expect(isCardFailure(code)).toBe(true);
    }
    expect(isCardFailure('UnitUnavailable')).toBe(false);
    expect(isCardFailure(undefined)).toBe(false);
  });

  it('a card failure returns to card_details for a new card', () => {
    const state = goTo(createFlowState(context(), { loggedIn: false }), 'process_rental');
    const { state: after, outcome } = retryAfterError(state, 'CardDeclinedNSF', 0);
    expect(outcome).toBe('new_card');
    expect(after.current).toBe('card_details');
  });

  it('any other error is retried once, then given up', () => {
    const state = goTo(createFlowState(context(), { loggedIn: false }), 'process_rental');
    expect(retryAfterError(state, 'ServerError', 0).outcome).toBe('retry');
    expect(retryAfterError(state, 'ServerError', 1).outcome).toBe('give_up');
    expect(retryAfterError(state, undefined, 1).state.current).toBe('process_rental');
  });
});

describe('step counter', () => {
  const label = (state: FlowState, section: Parameters<typeof stepPosition>[1]) => {
    const position = stepPosition(state, section);
    return position && `${position.step} of ${position.total}`;
  };

  it('counts every step the visitor acts on, up to the processing', () => {
    const state = createFlowState(context(), { loggedIn: false });
    const steps = NORMAL_RENTAL_ORDER.filter(
      (s) => s !== 'process_rental' && s !== 'confirm_rental' && s !== 'card_details',
    );
    expect(steps.map((section) => label(state, section))).toEqual(steps.map((_, i) => `${i + 1} of ${steps.length}`));
    expect(label(state, 'panda_agreements')).toBe('9 of 9');
    expect(label(state, 'process_rental')).toBeNull();
    expect(label(state, 'confirm_rental')).toBeNull();
  });

  it('keeps the payment step when the card is typed instead of swiped', () => {
    const state = createFlowState(context(), { loggedIn: false });
    expect(label(state, 'swipe_scan')).toBe('7 of 9');
    expect(label(state, 'card_details')).toBe('7 of 9');
    expect(label(state, 'panda_fields')).toBe('8 of 9');
  });

  it('starts at info for a logged-in visitor, who never sees the identity step', () => {
    const state = createFlowState(context(), { loggedIn: true });
    expect(label(state, 'rent_this_space')).toBeNull();
    expect(label(state, 'info')).toBe('1 of 8');
  });

  it('follows the sections that answers add and remove, and the reservation list', () => {
    const state = createFlowState(context({ unit: { parking: false, promos: [promos.default, promos.senior] } }), {
      loggedIn: false,
    });
    expect(label(state, 'discounts')).toBe('5 of 10');
    const military = setMilitary(goTo(state, 'secondary_contact'), true).state;
    expect(label(military, 'military_info')).toBe('4 of 10');
    expect(label(military, 'discounts')).toBeNull();
    expect(label(setBusinessRental(state, true), 'panda_agreements')).toBe('11 of 11');
    const reservation = setReservationMode(goTo(state, 'info'), true);
    expect(label(reservation, 'info')).toBe('2 of 2');
  });
});
