import type { Unit } from '@kiosk/shared-types';
import { describe, expect, it } from 'vitest';
import {
  CATEGORY_CARDS,
  groupUnits,
  sizesForRentCount,
  unitActionKey,
  unitDimensions,
  unitGroupOf,
  unitLabelKey,
} from './categories';

function unit(over: Partial<Unit>): Unit {
  return {
    unit_id: 'u',
    unit_type: 'Standard',
    actual_width: 10,
    actual_length: 10,
    actual_square_feet: 100,
    rental_rate: 100,
    board_rate: 120,
    quantity_available_to_rent: 1,
    parking: false,
    description: '',
    size: 'medium',
    video_id: null,
    promos: [],
    ...over,
  };
}

describe('CATEGORY_CARDS', () => {
  it('lists the cards in the order the detail page shows them', () => {
    expect(CATEGORY_CARDS.map((c) => c.titleKey)).toEqual([
      'browse.category.wine_storage',
      'browse.category.extra_small',
      'browse.category.small',
      'browse.category.medium',
      'browse.category.large',
      'browse.category.extra_large',
      'browse.category.parking',
      'browse.category.mobile_cube',
      'browse.category.other',
    ]);
  });
});

describe('groupUnits', () => {
  const units = [
    unit({ unit_id: 'L1', size: 'large', actual_square_feet: 200, rental_rate: 210, quantity_available_to_rent: 2 }),
    unit({
      unit_id: 'XS1',
      size: 'extra_small',
      actual_square_feet: 25,
      rental_rate: 40,
      quantity_available_to_rent: 3,
    }),
    unit({ unit_id: 'L2', size: 'large', actual_square_feet: 150, rental_rate: 180, quantity_available_to_rent: 4 }),
    unit({ unit_id: 'L3', size: 'large', actual_square_feet: 150, rental_rate: 99, quantity_available_to_rent: 0 }),
    unit({ unit_id: 'P1', size: 'large', parking: true, rental_rate: 60, quantity_available_to_rent: 5 }),
    unit({ unit_id: 'W1', size: 'wine_storage', rental_rate: null, quantity_available_to_rent: 1 }),
  ];

  it('shows only groups that have units, in card order', () => {
    expect(groupUnits(units).map((g) => g.group)).toEqual(['wine_storage', 'extra_small', 'large', 'parking']);
  });

  it('counts the units/spaces left as the sum of what each unit type has available', () => {
    const large = groupUnits(units).find((g) => g.group === 'large');
    expect(large?.left).toBe(6);
  });

  it('advertises the lowest self-serve rate a visitor can actually rent', () => {
    const large = groupUnits(units).find((g) => g.group === 'large');
    expect(large?.bestRate).toBe(180);
  });

  it('has no best price when no unit has a rate', () => {
    expect(groupUnits(units).find((g) => g.group === 'wine_storage')?.bestRate).toBeNull();
  });

  it('lists a group smallest first, then cheapest', () => {
    const large = groupUnits(units).find((g) => g.group === 'large');
    expect(large?.units.map((u) => u.unit_id)).toEqual(['L3', 'L2', 'L1']);
  });

  it('keeps the grouping the server sent', () => {
    const grouped = groupUnits({
      small: [unit({ unit_id: 'S1', size: 'medium', quantity_available_to_rent: 2 })],
      parking: [],
      other: [unit({ unit_id: 'O1', size: 'other', rental_rate: 30 })],
    });
    expect(grouped.map((g) => [g.group, g.units.map((u) => u.unit_id), g.left])).toEqual([
      ['small', ['S1'], 2],
      ['other', ['O1'], 1],
    ]);
    expect(sizesForRentCount({ small: [unit({})], large: [unit({ actual_width: 10, actual_length: 20 })] })).toBe(2);
  });

  it('puts parking units under Parking whatever their size', () => {
    expect(unitGroupOf({ size: 'small', parking: true })).toBe('parking');
  });

  it('puts units with an unknown size under Other Units', () => {
    expect(unitGroupOf({ size: 'huge' as Unit['size'], parking: false })).toBe('other');
  });
});

describe('sizesForRentCount', () => {
  it('counts distinct sizes that can still be rented', () => {
    expect(
      sizesForRentCount([
        unit({ actual_width: 5, actual_length: 5 }),
        unit({ actual_width: 5, actual_length: 5, unit_type: 'Climate' }),
        unit({ actual_width: 10, actual_length: 10 }),
        unit({ actual_width: 10, actual_length: 30, quantity_available_to_rent: 0 }),
      ]),
    ).toBe(2);
  });
});

describe('unit rows', () => {
  it("calls a parking unit a 'Space' and anything else a 'Unit'", () => {
    expect(unitLabelKey({ parking: true })).toBe('browse.unit_label.space');
    expect(unitLabelKey({ parking: false })).toBe('browse.unit_label.unit');
  });

  it('shows dimensions as width X length', () => {
    expect(unitDimensions({ actual_width: 10, actual_length: 15 })).toBe('10 X 15');
    expect(unitDimensions({ actual_width: 7.5, actual_length: 10 })).toBe('7.5 X 10');
  });

  it('offers CALL when there is no rate', () => {
    expect(unitActionKey({ rental_rate: null })).toBe('browse.call');
    expect(unitActionKey({ rental_rate: 0 })).toBe('browse.select');
  });
});
