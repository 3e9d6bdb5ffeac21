import { UNIT_GROUPS, type GroupedUnits, type Unit, type UnitGroup } from '@kiosk/shared-types';

export type CategoryTitleKey = `browse.category.${UnitGroup}`;

/** Detail-page category cards, in the spec's order (Wine Storage … Other Units), one per unit group. */
export const CATEGORY_CARDS: readonly { group: UnitGroup; titleKey: CategoryTitleKey }[] = UNIT_GROUPS.map((group) => ({
  group,
  titleKey: `browse.category.${group}` as const,
}));

/** t(LEFT_COUNT_KEY, { count }) → 'N UNITS/SPACES LEFT'. */
export const LEFT_COUNT_KEY = 'browse.category.left';
export const BEST_PRICE_KEY = 'browse.category.best_price';
/** t(SIZES_FOR_RENT_KEY, { count }); hidden when hide_storage_size_count is set. */
export const SIZES_FOR_RENT_KEY = 'browse.sizes_for_rent';

export interface UnitGroupSummary {
  group: UnitGroup;
  titleKey: CategoryTitleKey;
  /** Smallest first, then cheapest. */
  units: Unit[];
  /** The card's 'N UNITS/SPACES LEFT': t(LEFT_COUNT_KEY, { count: left }). */
  left: number;
  /** Lowest self-serve rate among units that can be rented; null when none has a rate. */
  bestRate: number | null;
}

/** Parking is its own group whatever size the operator gave it. */
export function unitGroupOf(unit: Pick<Unit, 'size' | 'parking'>): UnitGroup {
  if (unit.parking) return 'parking';
  return (UNIT_GROUPS as readonly string[]).includes(unit.size) ? unit.size : 'other';
}

function byRate(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

export function compareUnits(a: Unit, b: Unit): number {
  return a.actual_square_feet - b.actual_square_feet || byRate(a.rental_rate, b.rental_rate);
}

function lowestRate(units: Unit[]): number | null {
  const rates = units.map((u) => u.rental_rate).filter((r): r is number => r !== null && Number.isFinite(r));
  return rates.length ? Math.min(...rates) : null;
}

/** Units as GET space-types/ groups them, or a flat list grouped here by size and parking flag. */
export type UnitsInput = readonly Unit[] | Partial<GroupedUnits>;

function membersOf(units: UnitsInput, group: UnitGroup): Unit[] {
  if (Array.isArray(units)) return (units as readonly Unit[]).filter((u) => unitGroupOf(u) === group);
  return [...((units as Partial<GroupedUnits>)[group] ?? [])];
}

function allUnits(units: UnitsInput): Unit[] {
  return UNIT_GROUPS.flatMap((group) => membersOf(units, group));
}

/**
 * Category cards with at least one unit, in card order. The best price only looks at units that
 * can still be rented: advertising the rate of a sold-out unit would be a price nobody can get.
 * The server's grouping, when given, is kept as it is.
 */
export function groupUnits(units: UnitsInput): UnitGroupSummary[] {
  return CATEGORY_CARDS.flatMap(({ group, titleKey }) => {
    const members = membersOf(units, group).sort(compareUnits);
    if (!members.length) return [];
    const rentable = members.filter((u) => u.quantity_available_to_rent > 0);
    return [
      {
        group,
        titleKey,
        units: members,
        left: rentable.reduce((sum, u) => sum + u.quantity_available_to_rent, 0),
        bestRate: lowestRate(rentable),
      },
    ];
  });
}

/**
 * The detail page's count of sizes for rent: distinct width X length among units that can be rented
 * (two unit types of the same size, e.g. with and without climate control, are one size to a visitor).
 */
export function sizesForRentCount(units: UnitsInput): number {
  return new Set(
    allUnits(units)
      .filter((u) => u.quantity_available_to_rent > 0)
      .map(unitDimensions),
  ).size;
}

/** 'Space' for parking, 'Unit' for everything else (rental §9). */
export function unitLabelKey(unit: Pick<Unit, 'parking'>): 'browse.unit_label.space' | 'browse.unit_label.unit' {
  return unit.parking ? 'browse.unit_label.space' : 'browse.unit_label.unit';
}

function dimension(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** 'width X length', e.g. '10 X 15'. */
export function unitDimensions(unit: Pick<Unit, 'actual_width' | 'actual_length'>): string {
  return `${dimension(unit.actual_width)} X ${dimension(unit.actual_length)}`;
}

/** A unit row offers SELECT with its self-serve rate, or a CALL link when there is no rate. */
export function unitActionKey(unit: Pick<Unit, 'rental_rate'>): 'browse.select' | 'browse.call' {
  return unit.rental_rate === null || !Number.isFinite(unit.rental_rate) ? 'browse.call' : 'browse.select';
}
