import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, conditionalRoot, formOf, rentalRoot, unit } from './rental-test-fixtures';

afterEach(() => {
  vi.useRealTimers();
});

describe('RentalStore navigation', () => {
  it('done merges the values, moves on and applies the entry effects of the next section', async () => {
    const { root } = await rentalRoot();
    await root.rental.selection.chooseUnit(unit());
    root.rental.done();
    expect(root.rental.section).toBe('info');
    root.rental.done({ tenant_first_name: 'Jamie', tenant_last_name: 'Rivera' });
    // The demo facility requires a secondary contact: entering the step un-waives it.
    root.rental.setFields({ no_secondary_contact: true });
    root.rental.goTo('secondary_contact');
    expect(root.rental.model.no_secondary_contact).toBe(false);
    expect(root.rental.model.tenant_first_name).toBe('Jamie');
    root.rental.cancel();
    expect(root.rental.section).toBe('info');
  });

  it('entering detail_page clears the pick, the form and the search and gives the space up', async () => {
    const { root, requests } = await rentalRoot();
    await root.rental.selection.chooseUnit(unit());
    root.rental.setReservationMode(true);
    root.rental.setFields({ tenant_first_name: 'Jamie' });
    root.units.spaceSearch.setKeyword('015');
    root.units.spaceSearch.search();

    root.rental.goTo('detail_page');
    const { rental } = root;
    expect(rental.section).toBe('detail_page');
    expect([rental.pick.unit, rental.pick.space, rental.pick.holdToken, rental.model.promo_id]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(rental.pick.costLines).toEqual([]);
    expect(rental.reservationMode).toBe(false);
    expect(rental.model.tenant_first_name).toBe('');
    expect(root.units.spaceSearch.searchedKeyword).toBeNull();
    await vi.waitFor(() => expect(calls(requests, /^DELETE \/session\/holds\/sp-b-10$/)).toHaveLength(1));
  });

  it('leaving the rental area releases the hold through the daemon, or upstream if the daemon does not know it', async () => {
    const { root, requests } = await rentalRoot({
      'DELETE /session/holds/sp-b-10': { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'x' } },
    });
    const stop = root.start();
    root.shell.selectSection('rent');
    await root.rental.selection.chooseUnit(unit());
    root.shell.selectSection('home');
    await vi.waitFor(() => expect(calls(requests, /release-space/)).toHaveLength(1));
    expect(formOf(calls(requests, /release-space/)[0])).toEqual({
      facility_id: 'demo',
      space_id: 'sp-b-10',
      hold_token: 'tok-B-10',
    });
    expect(root.rental.section).toBe('detail_page');
    expect(root.rental.heldSpace).toBeNull();
    stop();
  });

  it('a session end forgets the hold without releasing it again (the daemon does)', async () => {
    const { root, requests } = await rentalRoot();
    const stop = root.start();
    root.shell.selectSection('rent');
    await root.rental.selection.chooseUnit(unit());
    root.resetAll();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls(requests, /session\/holds\/|release-space/)).toHaveLength(0);
    expect(root.rental.pick.unit).toBeNull();
    stop();
  });

  it('Select a Space tapped again in the flow goes back to the list and releases the hold, asking once details are typed', async () => {
    const { root, requests } = await rentalRoot();
    const stop = root.start();
    root.shell.selectSection('rent');
    await root.rental.selection.chooseUnit(unit());
    // On the identity step nothing is typed yet: straight back.
    root.shell.selectSection('rent');
    expect(root.rental.section).toBe('detail_page');
    await vi.waitFor(() => expect(calls(requests, /^DELETE \/session\/holds\/sp-b-10$/)).toHaveLength(1));

    await root.rental.selection.chooseUnit(unit());
    root.rental.done();
    expect(root.rental.section).toBe('info');
    root.shell.selectSection('rent');
    expect(root.rental.leaving).toBe('detail_page');
    root.rental.confirmLeaving(false);
    expect([root.rental.section, root.rental.leaving]).toEqual(['info', null]);
    expect(root.rental.heldSpace).not.toBeNull();
    root.shell.selectSection('rent');
    root.rental.confirmLeaving(true);
    expect(root.rental.section).toBe('detail_page');
    expect(root.rental.heldSpace).toBeNull();
    expect(root.rental.pick.unit).toBeNull();
    await vi.waitFor(() => expect(calls(requests, /^DELETE \/session\/holds\/sp-b-10$/)).toHaveLength(2));
    stop();
  });

  it('opening Find my reservation starts at its form', async () => {
    const { root } = await rentalRoot();
    const stop = root.start();
    root.shell.selectSection('find_reservation');
    expect(root.rental.section).toBe('find_reservation');
    stop();
  });
});

describe('RentalStore.setBusinessRental', () => {
  it('Yes puts business_info right after info, No takes it out', () => {
    const { root } = conditionalRoot();
    root.rental.setBusinessRental(true);
    expect(root.rental.model.business_contact_needed).toBe(true);
    const list = root.rental.sections;
    expect(list[list.indexOf('info') + 1]).toBe('business_info');
    root.rental.setBusinessRental(false);
    expect(root.rental.sections).not.toContain('business_info');
    expect(root.rental.model.business_contact_needed).toBe(false);
  });
});
