import type { Unit } from '@kiosk/shared-types';
import { describe, expect, it } from 'vitest';
import { SIZE_GUIDE, sizeAvailability, sizeGuideButtonKey, sizeToGroup } from './size-guide';

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

describe('sizeToGroup', () => {
  it("opens the X- card for an 'Extra' size", () => {
    expect(sizeToGroup('Extra Small')).toBe('extra_small');
    expect(sizeToGroup('Extra Large')).toBe('extra_large');
  });

  it('opens the card of the same name for other sizes', () => {
    expect(sizeToGroup('Small')).toBe('small');
    expect(sizeToGroup('medium')).toBe('medium');
    expect(sizeToGroup('Large')).toBe('large');
  });

  it('understands the short forms', () => {
    expect(SIZE_GUIDE.map((s) => sizeToGroup(s.short))).toEqual([
      'extra_small',
      'small',
      'medium',
      'large',
      'extra_large',
    ]);
  });

  it('gives null for a size that has no card', () => {
    expect(sizeToGroup('Gigantic')).toBeNull();
  });
});

describe('sizeAvailability', () => {
  it('offers CHOOSE THIS SIZE only where units are left', () => {
    const sizes = sizeAvailability([
      unit({ size: 'small', quantity_available_to_rent: 2 }),
      unit({ size: 'large', quantity_available_to_rent: 0 }),
      unit({ size: 'small', parking: true, quantity_available_to_rent: 9 }),
    ]);
    expect(sizes.map((s) => [s.size, s.available, s.buttonKey])).toEqual([
      ['extra_small', 0, 'browse.size_guide.none_available'],
      ['small', 2, 'browse.size_guide.choose'],
      ['medium', 0, 'browse.size_guide.none_available'],
      ['large', 0, 'browse.size_guide.none_available'],
      ['extra_large', 0, 'browse.size_guide.none_available'],
    ]);
  });

  it('opens every size of the guide on its own card', () => {
    expect(SIZE_GUIDE.map((s) => sizeToGroup(s.title))).toEqual(SIZE_GUIDE.map((s) => s.size));
  });

  it('apologises when a size-guide entry has no units left', () => {
    expect(sizeGuideButtonKey(0)).toBe('browse.size_guide.none_available');
    expect(sizeGuideButtonKey(3)).toBe('browse.size_guide.choose');
  });
});
