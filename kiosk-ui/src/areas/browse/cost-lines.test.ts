import type { CostLine } from '@kiosk/shared-types';
import { describe, expect, it } from 'vitest';
import { costLineLabelKey, formatAmount, moveInCostRows, totalAmount } from './cost-lines';

function line(name: string, amount: number, tax = 0, total = amount + tax): CostLine {
  return { name, description: '', amount, tax, total, total_without_merchandise: total, period: '' };
}

const costs = [
  line('Rent', 45.16, 3.16),
  line('Admin Fee', 20),
  line('Rent', 95, 6.65),
  line('Discount', -10),
  line('Total', 159.97, 0, 159.97),
];

describe('moveInCostRows', () => {
  const rows = moveInCostRows(costs);

  it("labels the first rent line 'Prorated Rent' and later rent lines 'Rent'", () => {
    expect(rows[0]).toMatchObject({ kind: 'rent', labelKey: 'browse.cost.prorated_rent', amount: 45.16 });
    expect(rows[2]).toMatchObject({ kind: 'line', labelKey: 'browse.cost.rent', name: 'Rent', amount: 95 });
  });

  it('names the lines the kiosk knows from the catalogue', () => {
    expect(rows[1]).toMatchObject({ labelKey: 'browse.cost.admin_fee', name: 'Admin Fee', amount: 20 });
  });

  it("keeps the operator's name for a line the kiosk does not know", () => {
    const own = moveInCostRows([line('Rent', 50), line('Climate Control Surcharge', 5), line('Total', 55)]);
    expect(own[1]).toMatchObject({ kind: 'line', labelKey: null, name: 'Climate Control Surcharge', amount: 5 });
  });

  it('shows a discount with a minus sign', () => {
    expect(rows[3]).toMatchObject({ kind: 'discount', labelKey: 'browse.cost.discount', amount: 10, negative: true });
  });

  it('inserts a Tax line, summing the lines’ tax, right before the total', () => {
    expect(rows[4]).toMatchObject({ kind: 'tax', labelKey: 'browse.cost.tax', amount: 9.81 });
  });

  it("ends with 'Total Cost to Move In'", () => {
    expect(rows).toHaveLength(6);
    expect(rows[5]).toMatchObject({ kind: 'total', labelKey: 'browse.cost.total_cost_to_move_in', amount: 159.97 });
  });

  it('takes the tax figure given by the caller', () => {
    expect(moveInCostRows(costs, { tax: 12.5 })[4]?.amount).toBe(12.5);
  });

  it('does not show Tax twice when the operator already sent it', () => {
    const withTax = [line('Rent', 50), line('Tax', 3.5), line('Total', 53.5)];
    const result = moveInCostRows(withTax);
    expect(result.map((r) => r.kind)).toEqual(['rent', 'tax', 'total']);
    expect(result[1]?.amount).toBe(3.5);
  });

  it('shows nothing before the costs are calculated', () => {
    expect(moveInCostRows([])).toEqual([]);
  });
});

describe('costLineLabelKey', () => {
  it('reads the known names whatever their case, spaces, dashes or underscores', () => {
    expect(costLineLabelKey('Admin Fee')).toBe('browse.cost.admin_fee');
    expect(costLineLabelKey('admin_fee')).toBe('browse.cost.admin_fee');
    expect(costLineLabelKey(' INSURANCE ')).toBe('browse.cost.insurance');
    expect(costLineLabelKey('discount')).toBe('browse.cost.discount');
    expect(costLineLabelKey('Security-Deposit')).toBe('browse.cost.deposit');
    expect(costLineLabelKey('Lock')).toBe('browse.cost.lock');
    expect(costLineLabelKey('Rent Insurance Bundle')).toBeNull();
  });
});

describe('totalAmount', () => {
  it('is the total line to 2 decimals', () => {
    expect(totalAmount(costs)).toBe('159.97');
    expect(totalAmount([line('Total', 100)])).toBe('100.00');
    expect(totalAmount([line('Total', 10.005)])).toBe('10.01');
  });

  it("is '0.00' before the costs load", () => {
    expect(totalAmount([])).toBe('0.00');
  });
});

describe('formatAmount', () => {
  it('rounds to cents', () => {
    expect(formatAmount(0.1 + 0.2)).toBe('0.30');
    expect(formatAmount(1.005)).toBe('1.01');
  });
});
