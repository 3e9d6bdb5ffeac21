import { SIZE_GUIDE_SIZES, type SizeGuideSize, type UnitGroup } from '@kiosk/shared-types';
import { groupUnits, type UnitsInput } from './categories';

/** The size guide's five sizes, with the names and short forms the guide shows (rental §2). */
export const SIZE_GUIDE: readonly { size: SizeGuideSize; title: string; short: string }[] = [
  { size: 'extra_small', title: 'Extra Small', short: 'XS' },
  { size: 'small', title: 'Small', short: 'S' },
  { size: 'medium', title: 'Medium', short: 'M' },
  { size: 'large', title: 'Large', short: 'L' },
  { size: 'extra_large', title: 'Extra Large', short: 'XL' },
];

/** The category card titles (see categories.ts) a size-guide name is matched against. */
const CARD_TITLES: Record<string, UnitGroup> = {
  'wine storage': 'wine_storage',
  'x-small': 'extra_small',
  small: 'small',
  medium: 'medium',
  large: 'large',
  'x-large': 'extra_large',
  parking: 'parking',
  'mobile cube': 'mobile_cube',
  'other units': 'other',
};

/**
 * The unit group a size-guide size opens: 'Extra' becomes 'X-', so 'Extra Small' opens the X-Small
 * card. Short forms (XS … XL) and the size keys themselves are accepted too. Unknown sizes give null.
 */
export function sizeToGroup(size: string): UnitGroup | null {
  const wanted = size.trim().toLowerCase();
  if ((SIZE_GUIDE_SIZES as readonly string[]).includes(wanted)) return wanted as SizeGuideSize;
  const byShort = SIZE_GUIDE.find((s) => s.short.toLowerCase() === wanted);
  if (byShort) return byShort.size;
  return CARD_TITLES[wanted.replace(/^extra[\s-]*/, 'x-')] ?? null;
}

export type SizeGuideButtonKey = 'browse.size_guide.choose' | 'browse.size_guide.none_available';

/** 'CHOOSE THIS SIZE', or 'Sorry, unfortunately no units available in this size' when none are left. */
export function sizeGuideButtonKey(available: number): SizeGuideButtonKey {
  return available > 0 ? 'browse.size_guide.choose' : 'browse.size_guide.none_available';
}

export interface SizeAvailability {
  size: SizeGuideSize;
  nameKey: `browse.size_guide.sizes.${SizeGuideSize}`;
  shortKey: `browse.size_guide.short.${SizeGuideSize}`;
  /** Units/spaces left in the group the size opens. */
  available: number;
  buttonKey: SizeGuideButtonKey;
}

/** Availability per size from the loaded units (parking never counts as a size). */
export function sizeAvailability(units: UnitsInput): SizeAvailability[] {
  const groups = groupUnits(units);
  return SIZE_GUIDE.map(({ size }) => {
    const available = groups.find((g) => g.group === size)?.left ?? 0;
    return {
      size,
      nameKey: `browse.size_guide.sizes.${size}` as const,
      shortKey: `browse.size_guide.short.${size}` as const,
      available,
      buttonKey: sizeGuideButtonKey(available),
    };
  });
}
