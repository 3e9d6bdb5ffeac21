import { describe, expect, it, vi } from 'vitest';
import { wrapped, type FakeReply } from '../../test/fakes';
import { browseRoot, browseRoutes, calls } from '../rental/rental-test-fixtures';

const API = '/api/facilities/demo';

describe('UnitsStore.load', () => {
  it('loads the grouped units, spaces with empty statuses, media and amenities', async () => {
    const { root, requests } = await browseRoot();
    const { units } = root;
    expect(units.status).toBe('ready');
    expect(units.groups.map((g) => g.group)).toEqual(['small', 'medium']);
    expect(units.groups.find((g) => g.group === 'medium')).toMatchObject({ left: 2, bestRate: 120 });
    expect(units.spaces.every((s) => s.status === '')).toBe(true);
    expect(units.media).toHaveLength(1);
    expect(units.amenityList.map((a) => a.name)).toEqual(['Climate Controlled']);
    expect(calls(requests, /media\/$/)[0]?.query.get('enable_size_guide_videos')).toBe('true');
    // A second load for the same facility asks nothing again.
    const before = requests.length;
    await units.load();
    expect(requests.length).toBe(before);
  });

  it.each([
    ['the space types', `GET ${API}/space-types/`],
    ['the spaces', `GET ${API}/spaces/`],
  ])('fails, not "0 sizes for rent", when %s get no answer, and loads again when asked', async (_, route) => {
    let reachable = false;
    const answer = browseRoutes()[route] as FakeReply;
    const { root } = await browseRoot({ [route]: () => (reachable ? answer : { networkError: true }) });
    expect(root.units.status).toBe('failed');
    expect(root.units.isLoading).toBe(false);
    reachable = true;
    await root.units.load();
    expect(root.units.status).toBe('ready');
    expect(root.units.sizesForRent).toBeGreaterThan(0);
  });

  it('lists a unit type’s spaces in door order', async () => {
    const { root } = await browseRoot();
    expect(root.units.spacesOf('m-10x10').map((s) => s.door_name)).toEqual(['B-2', 'B-10']);
  });
});

describe('UnitsStore space status', () => {
  it('takes the status and rate from the lookup, once per row', async () => {
    const { root, requests } = await browseRoot();
    await Promise.all([root.units.lookupStatus('sp-b-10'), root.units.lookupStatus('sp-b-10')]);
    const row = root.units.spaces.find((s) => s.door_id === 'sp-b-10');
    expect(row).toMatchObject({ status: 'available', rental_rate: 125 });
    expect(calls(requests, /space\/sp-b-10\//)).toHaveLength(1);
    expect(calls(requests, /space\/sp-b-10\//)[0]?.query.get('live_data')).toBe('true');
  });

  it('a failed lookup makes the space unavailable', async () => {
    const { root } = await browseRoot();
    await root.units.lookupStatus('sp-b-2');
    expect(root.units.spaces.find((s) => s.door_id === 'sp-b-2')?.status).toBe('unavailable');
  });

  it('raises allSpaceOccupied when a space of an all-occupied unit is not rented, and re-reads its count', async () => {
    const { root, requests } = await browseRoot();
    await root.units.lookupStatus('sp-z-1');
    expect(root.units.allSpaceOccupiedEvents).toBe(1);
    await vi.waitFor(() => expect(root.units.unitById('m-sold')?.quantity_available_to_rent).toBe(1));
    expect(calls(requests, /get-units-availability/)[0]?.query.get('unit_ids')).toBe('["m-sold"]');
    // A space of a unit with spaces left raises nothing.
    await root.units.lookupStatus('sp-b-10');
    expect(root.units.allSpaceOccupiedEvents).toBe(1);
  });

  it('back on the list, statuses are looked up again', async () => {
    const { root } = await browseRoot();
    await root.units.lookupStatus('sp-b-10');
    await root.units.refreshLive();
    expect(root.units.spaces.find((s) => s.door_id === 'sp-b-10')?.status).toBe('');
  });
});

describe('UnitsStore groups and details', () => {
  it('opens a category and toggles it closed again', async () => {
    const { root } = await browseRoot();
    root.units.toggleGroup('medium');
    // Same size: the cheaper first.
    expect(root.units.openSummary?.units.map((u) => u.unit_id)).toEqual(['m-sold', 'm-10x10']);
    root.units.toggleGroup('medium');
    expect(root.units.openGroup).toBeNull();
  });

  it('loads a space’s details the first time it is expanded', async () => {
    const details = {
      images: [],
      amenities: ['Lighting'],
      features: [{ property_name: 'Height', selected_choice: '8 ft' }],
    };
    const { root, requests } = await browseRoot({ [`GET ${API}/space/sp-b-10/details/`]: { body: wrapped(details) } });
    await root.units.toggleDetails('sp-b-10');
    expect(root.units.details.get('sp-b-10')).toEqual({ state: 'ready', value: details });
    await root.units.toggleDetails('sp-b-10');
    expect(root.units.expandedSpaceId).toBeNull();
    await root.units.toggleDetails('sp-b-10');
    expect(calls(requests, /details\//)).toHaveLength(1);
  });

  it('Select a Space opens clean after Home or the size guide, unless CHOOSE THIS SIZE opened a category', async () => {
    const { root } = await browseRoot();
    const stop = root.start();
    root.shell.selectSection('rent');
    root.units.toggleGroup('small');
    root.units.groupRevealed();
    await root.units.toggleDetails('sp-b-10');
    root.units.saveListScroll(640);
    root.shell.selectSection('size_guide');
    root.shell.selectSection('rent');
    expect([root.units.openGroup, root.units.expandedSpaceId, root.units.listScrollTop]).toEqual([null, null, 0]);

    // CHOOSE THIS SIZE: the size guide opens the category, then Select a Space.
    root.shell.selectSection('size_guide');
    root.units.openUnitGroup('medium');
    root.shell.selectSection('rent');
    expect(root.units.openGroup).toBe('medium');
    stop();
  });

  it('reset forgets the visitor’s open category, search and statuses', async () => {
    const { root } = await browseRoot();
    root.units.toggleGroup('small');
    root.units.spaceSearch.setKeyword('015');
    root.units.spaceSearch.search();
    await root.units.lookupStatus('sp-b-10');
    root.units.reset();
    expect([root.units.openGroup, root.units.spaceSearch.searchedKeyword]).toEqual([null, null]);
    expect(root.units.spaces.every((s) => s.status === '')).toBe(true);
  });
});

describe("UnitsStore: the size guide's Back", () => {
  it("from a card's 'See what fits!': back on the space list with that category open", async () => {
    const { root } = await browseRoot();
    root.shell.selectSection('rent');
    root.units.focusSizeGuide('small');
    root.shell.selectSection('size_guide');
    root.units.leaveSizeGuide();
    expect(root.shell.section).toBe('rent');
    expect(root.rental.section).toBe('detail_page');
    expect([root.units.openGroup, root.units.revealGroup, root.units.sizeGuideFocus]).toEqual(['small', true, null]);
  });

  it('from the sidebar elsewhere: back on the welcome screen, no category opened', async () => {
    const { root } = await browseRoot();
    root.shell.selectSection('pay_bill');
    root.shell.selectSection('size_guide');
    root.units.leaveSizeGuide();
    expect(root.shell.section).toBe('home');
    expect(root.units.openGroup).toBeNull();
    // A session end forgets where the last visitor opened it.
    root.shell.selectSection('rent');
    root.shell.selectSection('size_guide');
    root.resetAll();
    root.shell.selectSection('size_guide');
    expect(root.shell.sizeGuideReturn).toBe('home');
  });
});
