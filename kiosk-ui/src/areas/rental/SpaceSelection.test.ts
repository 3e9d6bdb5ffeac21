import { HOLD } from '@kiosk/shared-types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../../forms/messages';
import { wrapped } from '../../test/fakes';
import {
  calls,
  costFails,
  costOk,
  formOf,
  refused,
  rentalRoot,
  RESERVATION,
  space,
  unit,
} from './rental-test-fixtures';

afterEach(() => {
  vi.useRealTimers();
});

const alertText = (root: { rental: { alert: { key: string; values?: Record<string, string> } | null } }) =>
  en({ key: root.rental.alert?.key ?? '', values: root.rental.alert?.values ?? {} });

describe('SpaceSelection: the hold sequence', () => {
  it('holds a space type, registers the hold, computes the cost, creates a dossier and opens the identity step', async () => {
    const { root, requests } = await rentalRoot();
    const done = root.rental.selection.chooseUnit(unit());
    expect(root.rental.section).toBe('hold_unit');
    expect(root.rental.pick.unit?.unit_id).toBe('m-10x10');

    await expect(done).resolves.toBe(true);
    const { rental } = root;
    expect(rental.section).toBe('rent_this_space');
    expect(rental.pick.holdToken).toBe('tok-B-10');
    expect(rental.model).toMatchObject({
      hold_token: 'tok-B-10',
      space_id: 'sp-b-10',
      unit_door_number: 'B-10',
      unit_type_id: 'm-10x10',
      promo_id: 'promo-half',
      total_amount: '193.05',
    });
    expect(rental.pick.space?.door_name).toBe('B-10');
    expect(rental.pick.costLines).toHaveLength(4);
    expect(rental.pick.costLoading).toBe(false);
    expect(rental.pick.dossierId).toBe('dos-1');
    expect(JSON.parse(calls(requests, /^POST \/session\/holds$/)[0]?.body ?? '{}')).toEqual({
      facility_id: 'demo',
      space_id: 'sp-b-10',
      hold_token: 'tok-B-10',
    });
    const cost = calls(requests, /rental-cost/)[0];
    expect(Object.fromEntries(cost?.query ?? [])).toMatchObject({
      available_unit_id: 'sp-b-10',
      hold_token: 'tok-B-10',
      promo_id: 'promo-half',
      facility_id: 'demo',
    });
    // The unit has a senior promo, so the discounts section is in the list.
    expect(rental.sections).toContain('discounts');
  });

  it("takes the picked unit's promos from get-unit-promo: a promo the list did not know, one that ended", async () => {
    const started = await rentalRoot({
      'GET /api/get-unit-promo/': {
        body: wrapped([
          { promo_id: 'promo-new', promo_type: 'default', promo_description: '$1 first month' },
          { promo_id: 'promo-student', promo_type: 'student', promo_description: 'Student' },
        ]),
      },
    });
    await started.root.rental.selection.chooseUnit(unit({ promos: [] }));
    const [asked] = calls(started.requests, /get-unit-promo/);
    expect(Object.fromEntries(asked?.query ?? [])).toEqual({ facility_id: 'demo', unit_id: 'm-10x10' });
    expect(started.root.rental.model.promo_id).toBe('promo-new');
    expect(calls(started.requests, /rental-cost/)[0]?.query.get('promo_id')).toBe('promo-new');
    expect(started.root.rental.sections).toContain('discounts');

    const ended = await rentalRoot({ 'GET /api/get-unit-promo/': { body: wrapped([]) } });
    await ended.root.rental.selection.chooseUnit(unit());
    expect(ended.root.rental.model.promo_id).toBeNull();
    expect(ended.root.rental.sections).not.toContain('discounts');
  });

  it("keeps the list's promos when get-unit-promo fails", async () => {
    const { root } = await rentalRoot({ 'GET /api/get-unit-promo/': { status: 502, body: { message: 'down' } } });
    await root.rental.selection.chooseUnit(unit());
    expect(root.rental.section).toBe('rent_this_space');
    expect(root.rental.model.promo_id).toBe('promo-half');
    expect(root.rental.sections).toContain('discounts');
  });

  it('holds the chosen space when a space row was picked', async () => {
    const { root, requests } = await rentalRoot();
    await root.rental.selection.chooseUnit(unit(), space('B-11'));
    expect(formOf(calls(requests, /spaces\/sp-b-11\/hold/)[0])).toEqual({ facility_id: 'demo', space_id: 'sp-b-11' });
    expect(root.rental.model.unit_door_number).toBe('B-11');
  });

  it('goes to info instead when the visitor is logged in', async () => {
    const { root } = await rentalRoot();
    root.account.setUserSession({ userToken: 't', email: 'tenant@example.com' });
    await root.rental.selection.chooseUnit(unit());
    expect(root.rental.section).toBe('info');
    // Cancel on the first step of the visit goes back to the list.
    root.rental.cancel();
    expect(root.rental.section).toBe('detail_page');
  });

  it('waits HOLD.searchPickDelayMs before rent_this_space when the space came from search', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { root } = await rentalRoot();
    const done = root.rental.selection.chooseUnit(unit(), space('B-11'), { fromSearch: true });
    await vi.advanceTimersByTimeAsync(HOLD.searchPickDelayMs - 100);
    expect(root.rental.section).toBe('hold_unit');
    await vi.advanceTimersByTimeAsync(100);
    await done;
    expect(root.rental.section).toBe('rent_this_space');
  });

  it('a refused hold shows the spec alert with the door number and returns to the list', async () => {
    const { root, requests } = await rentalRoot({
      'POST /api/facilities/demo/spaces/sp-x999/hold/': refused('X999'),
    });
    await expect(root.rental.selection.chooseUnit(unit(), space('X999'))).resolves.toBe(false);
    expect(root.rental.section).toBe('detail_page');
    expect(root.rental.alert).not.toBeNull();
    expect(alertText(root)).toBe('Sorry! Unit X999 is not available. Please choose another unit.');
    expect(root.rental.pick.unit).toBeNull();
    expect(calls(requests, /session\/holds/)).toHaveLength(0);
    expect(calls(requests, /rental-cost/)).toHaveLength(0);
  });

  it('a refused space-type hold has no door number to show', async () => {
    const { root } = await rentalRoot({
      'POST /api/facilities/demo/space-types/m-10x10/hold/': refused(''),
    });
    await root.rental.selection.chooseUnit(unit());
    expect(alertText(root)).toBe('Sorry! Unit is not available. Please choose another unit.');
  });

  it('retries a failed cost once; a second failure alerts, gives the space back and returns to the list', async () => {
    const { root, requests } = await rentalRoot({
      'GET /api/facilities/demo/space-types/m-10x10/rental-cost/': costFails,
    });
    await expect(root.rental.selection.chooseUnit(unit())).resolves.toBe(false);
    expect(calls(requests, /rental-cost/)).toHaveLength(2);
    expect(root.rental.section).toBe('detail_page');
    expect(alertText(root)).toBe('Sorry! We are unable to calculate move in cost for this unit. Please try again');
    await vi.waitFor(() => expect(calls(requests, /^DELETE \/session\/holds\/sp-b-10$/)).toHaveLength(1));
    expect(calls(requests, /dossiers/)).toHaveLength(0);
  });

  it('one cost failure is retried and the visitor never notices', async () => {
    let attempts = 0;
    const { root } = await rentalRoot({
      'GET /api/facilities/demo/space-types/m-10x10/rental-cost/': () => (++attempts === 1 ? costFails : costOk),
    });
    await expect(root.rental.selection.chooseUnit(unit())).resolves.toBe(true);
    expect(attempts).toBe(2);
    expect(root.rental.alert).toBeNull();
  });

  it('a failed dossier creation is logged and the flow goes on', async () => {
    const { root, requests } = await rentalRoot({
      'POST /api/owners/demo-owner/facilities/demo/dossiers/': { status: 500, body: { message: 'down' } },
    });
    await expect(root.rental.selection.chooseUnit(unit())).resolves.toBe(true);
    expect(root.rental.pick.dossierId).toBeNull();
    await vi.waitFor(() => expect(calls(requests, /^POST \/log$/).length).toBeGreaterThan(0));
  });

  it('releases the earlier hold before holding the next space', async () => {
    const { root, requests } = await rentalRoot();
    await root.rental.selection.chooseUnit(unit());
    await root.rental.selection.chooseUnit(unit(), space('B-11'));
    const order = requests.map((r) => `${r.method} ${r.path}`);
    const released = order.indexOf('DELETE /session/holds/sp-b-10');
    const held = order.indexOf('POST /api/facilities/demo/spaces/sp-b-11/hold/');
    expect(released).toBeGreaterThan(-1);
    expect(released).toBeLessThan(held);
    expect(root.rental.heldSpace?.space_id).toBe('sp-b-11');
  });
});

describe('SpaceSelection.findReservation: the move-in of a found reservation', () => {
  it("shows the server's errors with the __all__ message first", async () => {
    const { root } = await rentalRoot({
      'GET /api/facilities/demo/find-reservation/': {
        body: {
          application_data: {
            status: 'error',
            errors: {
              reservation_code: ['Please check the code.'],
              facility_id: ['Unknown facility.'],
              __all__: ['No reservation found with this code.'],
            },
          },
        },
      },
    });
    root.rental.goTo('find_reservation');
    await expect(root.rental.selection.findReservation('WRONG')).resolves.toBe(false);
    expect(root.rental.lookup.errors).toEqual(['No reservation found with this code.', 'Unknown facility.']);
    expect(root.rental.lookup.fieldErrors.reservation_code).toEqual(['Please check the code.']);
    expect(root.rental.section).toBe('find_reservation');
  });

  it('a found reservation holds its space and continues as the rental of it, the move-in', async () => {
    const { root, requests } = await rentalRoot({
      'GET /api/facilities/demo/find-reservation/': {
        body: { application_data: { status: 'ok', result: RESERVATION } },
      },
    });
    root.rental.goTo('find_reservation');
    await expect(root.rental.selection.findReservation(' DEMO1234 ')).resolves.toBe(true);
    expect(calls(requests, /find-reservation/)[0]?.query.get('reservation_code')).toBe('DEMO1234');
    const { rental } = root;
    expect(rental.section).toBe('rent_this_space');
    expect(rental.reservationMode).toBe(false);
    expect(rental.movingIn).toBe(true);
    expect(rental.sections).toContain('card_details');
    expect(rental.sections).toContain('panda_agreements');
    expect(rental.model).toMatchObject({
      reservation_id: 'res-1',
      reservation_code: 'DEMO1234',
      reservation_date: '07/02/2026',
      tenant_first_name: 'Jamie',
      space_id: 'sp-b-12',
    });
    expect(rental.moveInDate).toBe('07/02/2026');
    expect(calls(requests, /rental-cost/)[0]?.query.get('res_id')).toBe('res-1');

    // Cancel on its first step goes back to Find my reservation and gives the space back.
    rental.cancel();
    expect(rental.section).toBe('find_reservation');
    expect(rental.movingIn).toBe(false);
    expect(rental.model.reservation_id).toBe('');
  });

  it('a space picked from the list is not a move-in', async () => {
    const { root } = await rentalRoot();
    await root.rental.selection.chooseUnit(unit());
    expect(root.rental.movingIn).toBe(false);
    root.rental.cancel();
    expect(root.rental.section).toBe('detail_page');
  });

  it('a refused hold of the reserved space keeps the visitor on find_reservation', async () => {
    const { root } = await rentalRoot({
      'GET /api/facilities/demo/find-reservation/': {
        body: { application_data: { status: 'ok', result: RESERVATION } },
      },
      'POST /api/facilities/demo/spaces/sp-b-12/hold/': refused('B-12'),
    });
    root.rental.goTo('find_reservation');
    await root.rental.selection.findReservation('DEMO1234');
    expect(root.rental.section).toBe('find_reservation');
    expect(root.rental.alert?.values).toEqual({ door_number: 'B-12' });
  });
});
