import type { Space, Unit } from '@kiosk/shared-types';
import { normalizeUnitNumber, sameUnitNumber } from './door-number';

export const NO_SPACES_FOUND_KEY = 'browse.search.no_spaces_found';

export interface SpaceSearchResult {
  space: Space;
  /** The space's unit type, when known (square feet, dimensions). */
  unit: Unit | null;
  squareFeet: number | null;
  rent: number | null;
  /** The keyword is this door, as the operator would write it. */
  exact: boolean;
}

function unitOf(space: Space, units: readonly Unit[]): Unit | null {
  return units.find((u) => u.unit_id === space.space_type_id) ?? units.find((u) => u.unit_id === space.unit_id) ?? null;
}

/** Door name contains the keyword, case-insensitive; '015' also finds door '15'. */
function matches(doorName: string, keyword: string): boolean {
  const raw = doorName.toLowerCase();
  const wanted = keyword.trim().toLowerCase();
  return raw.includes(wanted) || normalizeUnitNumber(doorName).includes(normalizeUnitNumber(keyword));
}

function ascendingNullsLast(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

const doorNameCollator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Door names in the order an operator reads them: A2 before A10, case ignored. */
export function compareDoorNames(a: string, b: string): number {
  return doorNameCollator.compare(normalizeUnitNumber(a), normalizeUnitNumber(b));
}

/**
 * Space-number search (rental §9): spaces whose door name contains the keyword; an exact door-name
 * match first, then by square feet, rent and door name. A blank keyword finds nothing (the field is
 * required).
 */
export function searchSpaces(
  spaces: readonly Space[],
  keyword: string,
  units: readonly Unit[] = [],
): SpaceSearchResult[] {
  if (!keyword.trim()) return [];
  return spaces
    .filter((space) => matches(space.door_name, keyword))
    .map((space) => {
      const unit = unitOf(space, units);
      return {
        space,
        unit,
        squareFeet: unit?.actual_square_feet ?? null,
        rent: space.rental_rate ?? unit?.rental_rate ?? null,
        exact: sameUnitNumber(space.door_name, keyword),
      };
    })
    .sort(
      (a, b) =>
        Number(b.exact) - Number(a.exact) ||
        ascendingNullsLast(a.squareFeet, b.squareFeet) ||
        ascendingNullsLast(a.rent, b.rent) ||
        compareDoorNames(a.space.door_name, b.space.door_name),
    );
}
