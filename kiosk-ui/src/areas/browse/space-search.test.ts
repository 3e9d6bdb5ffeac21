import type { Space, Unit } from '@kiosk/shared-types';
import { describe, expect, it } from 'vitest';
import { compareDoorNames, searchSpaces } from './space-search';

function unit(unit_id: string, actual_square_feet: number, rental_rate: number | null): Unit {
  return {
    unit_id,
    unit_type: 'Standard',
    actual_width: 10,
    actual_length: actual_square_feet / 10,
    actual_square_feet,
    rental_rate,
    board_rate: null,
    quantity_available_to_rent: 1,
    parking: false,
    description: '',
    size: 'medium',
    video_id: null,
    promos: [],
  };
}

function space(door_name: string, space_type_id: string, rental_rate: number | null = null): Space {
  return {
    door_id: `d-${door_name}`,
    door_name,
    door_number: door_name,
    available_unit_id: `a-${door_name}`,
    space_type_id,
    unit_id: space_type_id,
    token: null,
    rental_rate,
    available: true,
    status: '',
  };
}

const units = [unit('small', 50, 60), unit('big', 200, 150)];
const doors = (results: ReturnType<typeof searchSpaces>) => results.map((r) => r.space.door_name);

describe('searchSpaces', () => {
  it('finds doors whose name contains the keyword, whatever the case', () => {
    const spaces = [space('A101', 'small'), space('b101', 'small'), space('C200', 'small')];
    expect(doors(searchSpaces(spaces, 'A1', units))).toEqual(['A101']);
    expect(doors(searchSpaces(spaces, '101', units))).toEqual(['A101', 'b101']);
  });

  it('puts the exact door-name match first, even when it is bigger', () => {
    const spaces = [space('150', 'small'), space('15', 'big'), space('115', 'small')];
    expect(doors(searchSpaces(spaces, '15', units))).toEqual(['15', '115', '150']);
  });

  it("treats '015' as the door '15'", () => {
    const spaces = [space('115', 'small'), space('15', 'big'), space('A20', 'small')];
    const results = searchSpaces(spaces, '015', units);
    expect(doors(results)).toEqual(['15', '115']);
    expect(results[0]?.exact).toBe(true);
  });

  it('sorts by square feet, then rent, then door name', () => {
    const spaces = [
      space('A10', 'big'),
      space('A3', 'small', 70),
      space('A2', 'small', 70),
      space('A1', 'small', 65),
      space('A4', 'unknown'),
    ];
    expect(doors(searchSpaces(spaces, 'a', units))).toEqual(['A1', 'A2', 'A3', 'A10', 'A4']);
  });

  it("uses the unit type's rate when the space has none", () => {
    const [result] = searchSpaces([space('7', 'big')], '7', units);
    expect(result?.rent).toBe(150);
    expect(result?.squareFeet).toBe(200);
  });

  it('finds nothing for a blank keyword', () => {
    expect(searchSpaces([space('A1', 'small')], '  ', units)).toEqual([]);
  });
});

describe('compareDoorNames', () => {
  it('orders numbers by value, not by character', () => {
    expect(['A10', 'a2', 'A1'].sort(compareDoorNames)).toEqual(['A1', 'a2', 'A10']);
  });
});
