import { describe, expect, it } from 'vitest';
import { applyStatusLookup, doorDetails, spaceStatusView } from './space-status';

describe('spaceStatusView', () => {
  it('shows OCCUPIED for a rented space', () => {
    expect(spaceStatusView({ status: 'rented', rental_rate: 80 })).toEqual({
      kind: 'occupied',
      labelKey: 'browse.space.occupied',
    });
  });

  it('shows the rate and SELECT for an available space', () => {
    expect(spaceStatusView({ status: 'available', rental_rate: 80 })).toEqual({
      kind: 'available',
      rate: 80,
      actionKey: 'browse.select',
    });
  });

  it('offers CALL for an available space without a rate', () => {
    expect(spaceStatusView({ status: 'available', rental_rate: null })).toMatchObject({ actionKey: 'browse.call' });
  });

  it('shows TEMPORARY HOLD IN PLACE for a held space', () => {
    expect(spaceStatusView({ status: 'held', rental_rate: 80 })).toMatchObject({
      labelKey: 'browse.space.temporary_hold',
    });
  });

  it('shows UNAVAILABLE for anything else', () => {
    expect(spaceStatusView({ status: 'unavailable', rental_rate: 80 }).kind).toBe('unavailable');
  });

  it('shows a loader while the status is empty', () => {
    expect(spaceStatusView({ status: '', rental_rate: null })).toEqual({ kind: 'loading' });
  });
});

describe('applyStatusLookup', () => {
  const space = { door_name: 'A1', status: '' as const, rental_rate: 50 };

  it('takes the status and rate from a successful lookup', () => {
    expect(applyStatusLookup(space, { ok: true, status: 'available', rental_rate: 65 })).toMatchObject({
      door_name: 'A1',
      status: 'available',
      rental_rate: 65,
    });
  });

  it('makes the space unavailable when the lookup fails', () => {
    expect(applyStatusLookup(space, { ok: false }).status).toBe('unavailable');
  });

  it('makes the space unavailable when the status is unknown', () => {
    expect(applyStatusLookup(space, { ok: true, status: 'flooded' }).status).toBe('unavailable');
  });
});

describe('doorDetails', () => {
  it('reads door height, door width and ceiling height from the features', () => {
    expect(
      doorDetails({
        features: [
          { property_name: 'Ceiling Height', selected_choice: '10 ft' },
          { property_name: 'Height', selected_choice: '7 ft' },
          { property_name: 'Width', selected_choice: ' ' },
        ],
      }),
    ).toEqual([
      { labelKey: 'browse.space.door_height', value: '7 ft' },
      { labelKey: 'browse.space.door_width', value: null },
      { labelKey: 'browse.space.ceiling_height', value: '10 ft' },
    ]);
  });

  it('shows N/A for everything before details load', () => {
    expect(doorDetails(null).map((d) => d.value)).toEqual([null, null, null]);
  });
});
