import { UNIT_GROUPS, type CostLine, type Unit } from '@kiosk/shared-types';
import type { ParseKeys } from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en';
import {
  BEST_PRICE_KEY,
  CATEGORY_CARDS,
  LEFT_COUNT_KEY,
  SIZES_FOR_RENT_KEY,
  unitActionKey,
  unitLabelKey,
} from './categories';
import { moveInCostRows } from './cost-lines';
import { relativeReviewDate } from './reviews';
import { sizeAvailability } from './size-guide';
import { NO_SPACES_FOUND_KEY } from './space-search';
import { doorDetails, NOT_AVAILABLE_KEY, spaceStatusView } from './space-status';

/** A key resolves to a text, directly or through its plural forms. */
function resolves(key: string): boolean {
  const parts = key.split('.');
  const leaf = parts.pop() as string;
  const parent = parts.reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en) as
    Record<string, unknown> | undefined;
  const isText = (v: unknown) => typeof v === 'string' && v.length > 0;
  return isText(parent?.[leaf]) || (isText(parent?.[`${leaf}_one`]) && isText(parent?.[`${leaf}_other`]));
}

/** Compile-time: every key type the browse logic returns is a key t() accepts. */
type ValidKeys<K extends ParseKeys> = K;
export type BrowseKeysCompile = ValidKeys<
  | ReturnType<typeof unitLabelKey>
  | ReturnType<typeof unitActionKey>
  | (typeof CATEGORY_CARDS)[number]['titleKey']
  | typeof LEFT_COUNT_KEY
  | typeof BEST_PRICE_KEY
  | typeof SIZES_FOR_RENT_KEY
  | typeof NO_SPACES_FOUND_KEY
  | typeof NOT_AVAILABLE_KEY
  | ReturnType<typeof sizeAvailability>[number]['nameKey' | 'shortKey' | 'buttonKey']
  | NonNullable<ReturnType<typeof moveInCostRows>[number]['labelKey']>
  | ReturnType<typeof relativeReviewDate>['key']
  | Extract<ReturnType<typeof spaceStatusView>, { labelKey: string }>['labelKey']
  | Extract<ReturnType<typeof spaceStatusView>, { actionKey: string }>['actionKey']
>;

const unit = { parking: false, rental_rate: null } as unknown as Unit;

describe('browse texts', () => {
  it('has a text for every key the browse logic returns', () => {
    const keys: string[] = [
      ...CATEGORY_CARDS.map((c) => c.titleKey),
      LEFT_COUNT_KEY,
      BEST_PRICE_KEY,
      SIZES_FOR_RENT_KEY,
      NO_SPACES_FOUND_KEY,
      NOT_AVAILABLE_KEY,
      unitLabelKey({ parking: true }),
      unitLabelKey(unit),
      unitActionKey({ rental_rate: 1 }),
      unitActionKey(unit),
      ...sizeAvailability([]).flatMap((s) => [s.nameKey, s.shortKey, s.buttonKey]),
      'browse.size_guide.choose',
      ...doorDetails(null).map((d) => d.labelKey),
      ...(['rented', 'held', 'unavailable'] as const).map((status) => {
        const view = spaceStatusView({ status, rental_rate: 1 });
        return 'labelKey' in view ? view.labelKey : '';
      }),
      ...moveInCostRows([{ name: 'Rent' } as CostLine, { name: 'Total' } as CostLine]).flatMap((r) =>
        r.labelKey ? [r.labelKey] : [],
      ),
      ...[0, 1, 7, 30, 400].map((days) => relativeReviewDate(-days * 86_400, 0).key),
    ];
    expect(keys.filter((key) => !resolves(key))).toEqual([]);
    expect(CATEGORY_CARDS).toHaveLength(UNIT_GROUPS.length);
  });

  it('uses the spec’s exact wording for the category cards', () => {
    expect(CATEGORY_CARDS.map((c) => en.browse.category[c.group])).toEqual([
      'Wine Storage',
      'X-Small',
      'Small',
      'Medium',
      'Large',
      'X-Large',
      'Parking',
      'Mobile Cube',
      'Other Units',
    ]);
    expect(en.browse.category.left).toBe('{{count}} UNITS/SPACES LEFT');
  });
});
