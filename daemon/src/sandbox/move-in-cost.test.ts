import { describe, expect, it } from 'vitest';
import { computeMoveInCost, type MoveInCostInput } from './move-in-cost.js';

const base: MoveInCostInput = {
  // 15 July: 17 of 31 days left in the month.
  moveInDate: { year: 2025, month: 7, day: 15, weekday: 'Tuesday' },
  monthlyRent: 119,
  adminFee: 25,
  taxRate: 0.0725,
  promo: null,
  insurance: null,
  lock: null,
};

const names = (input: MoveInCostInput) => computeMoveInCost(input).costs.map((line) => line.name);
const line = (input: MoveInCostInput, name: string) =>
  computeMoveInCost(input).costs.find((cost) => cost.name === name);

/** What the side panel adds up: every line but the total, with the discount taken off. */
function shownSum(input: MoveInCostInput): number {
  const lines = computeMoveInCost(input).costs.slice(0, -1);
  const cents = lines.reduce(
    (sum, cost) => sum + Math.round(cost.amount * 100) * (cost.name === 'discount' ? -1 : 1),
    0,
  );
  return cents / 100;
}

const everything: MoveInCostInput = {
  ...base,
  promo: { promo_id: 'promo-senior', promo_description: 'Seniors 55+', discount: { percent: 10 } },
  insurance: { insurance_id: 102, monthly_premium: 16 },
  lock: { item_id: 'lock-disc-70', amount: 19.99 },
};

describe('computeMoveInCost', () => {
  it('starts with Prorated Rent, puts Tax right before the last line and ends with Total', () => {
    expect(names(base)).toEqual(['Prorated Rent', 'Rent', 'Admin Fee', 'Tax', 'Total']);
    expect(names(everything)).toEqual([
      'Prorated Rent',
      'Rent',
      'Admin Fee',
      'Insurance',
      'Lock',
      'discount',
      'Tax',
      'Total',
    ]);
  });

  it('prorates the rent for the days left in the move-in month', () => {
    expect(line(base, 'Prorated Rent')).toMatchObject({ amount: 65.26, period: '07/15/2025 - 07/31/2025' });
    expect(line(base, 'Rent')).toMatchObject({ amount: 119, period: '08/01/2025 - 08/31/2025' });
    const firstOfMonth = { ...base, moveInDate: { ...base.moveInDate, day: 1 } };
    expect(line(firstOfMonth, 'Prorated Rent')?.amount).toBe(119);
  });

  it.each([
    ['no extras', base],
    ['promo, protection and lock', everything],
    ['an amount promo', { ...base, promo: { promo_id: 'p', promo_description: '$10 off', discount: { amount: 10 } } }],
  ])('has a total equal to the sum of the lines shown (%s)', (_label, input) => {
    expect(line(input, 'Total')?.amount).toBe(shownSum(input));
    expect(computeMoveInCost(input).gds_raw.total).toBe(shownSum(input));
  });

  it('takes a promo off as a positive discount line and lowers the total', () => {
    const withPromo = {
      ...base,
      promo: { promo_id: 'promo-senior', promo_description: 'Seniors 55+', discount: { percent: 10 } },
    };
    expect(line(withPromo, 'discount')?.amount).toBe(11.9);
    expect(line(withPromo, 'Total')!.amount).toBeLessThan(line(base, 'Total')!.amount);
    expect(line(base, 'discount')).toBeUndefined();
  });

  it('adds the protection premium untaxed and the lock taxed', () => {
    const withInsurance = { ...base, insurance: { insurance_id: 102, monthly_premium: 16 } };
    expect(line(withInsurance, 'Total')!.amount).toBeCloseTo(line(base, 'Total')!.amount + 16, 2);
    const withLock = { ...base, lock: { item_id: 'lock', amount: 20 } };
    expect(line(withLock, 'Total')!.amount).toBeCloseTo(line(base, 'Total')!.amount + 21.45, 2);
    expect(line(withLock, 'Total')!.total_without_merchandise).toBe(line(base, 'Total')!.amount);
  });
});
